import { Skeleton } from '../../../components/skeleton';
import './checkpoints.css';

/** The review while the checkpoint loads: its head and the diff's place. */
export function ReviewSkeleton() {
  return (
    <div className="review__layout" aria-busy="true">
      <div className="review__head">
        <Skeleton width={240} height={12} />
        <Skeleton width={420} height={22} />
        <Skeleton width={520} height={12} />
      </div>
      <Skeleton height={480} />
    </div>
  );
}
