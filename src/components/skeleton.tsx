import type { CSSProperties } from 'react';
import './states.css';

interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

/** A placeholder block with the size of what will replace it. */
export function Skeleton({ width = '100%', height = 12, className }: SkeletonProps) {
  return <span className={className ? `skeleton ${className}` : 'skeleton'} style={{ width, height }} aria-hidden="true" />;
}
