/**
 * Hostile text: what an attacker (or a broken model) could put into a transcript, a summary, a
 * note, a plugin manifest or a session title. Every payload that could run sets window.__pwned
 * (or opens a dialog); none must.
 */
const P = 'window.__pwned=1';

export const HOSTILE_PAYLOADS: readonly string[] = [
  `<script>${P}</script>`,
  `<SCRIPT SRC=data:text/javascript,${P}></SCRIPT>`,
  `"><script>${P}</script>`,
  `'><script>${P}</script>`,
  `</title><script>${P}</script>`,
  `</textarea><script>${P}</script>`,
  `<img src=x onerror="${P}">`,
  `<img src="data:," onload=${P}>`,
  `<body onload=${P}>`,
  `<div onmouseover="${P}">hover</div>`,
  `<input autofocus onfocus=${P}>`,
  `<details open ontoggle=${P}>`,
  `<video><source onerror="${P}"></video>`,
  `<audio src=x onerror=${P}>`,
  `<marquee onstart=${P}>`,
  `<a href="javascript:${P}">click</a>`,
  `javascript:${P}`,
  `JaVaScRiPt:${P}`,
  `java\tscript:${P}`,
  `<a href="data:text/html,<script>${P}</script>">data</a>`,
  `<svg onload=${P}>`,
  `<svg><script>${P}</script></svg>`,
  `<svg><animate onbegin=${P} attributeName=x dur=1s>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${P}>`,
  `<iframe srcdoc="<script>parent.${P}</script>"></iframe>`,
  `<iframe src="javascript:parent.${P}"></iframe>`,
  `<object data="javascript:${P}"></object>`,
  `<embed src="javascript:${P}">`,
  `<form action="javascript:${P}"><button>go</button></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${P}">`,
  `<base href="javascript:${P}//">`,
  `<link rel=stylesheet href="javascript:${P}">`,
  `<style>@import 'javascript:${P}';body{display:none}</style>`,
  `<div style="background:url(javascript:${P})">css</div>`,
  `<div style="width:999999px;position:fixed;inset:0;z-index:99999">overlay</div>`,
  `expression(${P})`,
  `{{constructor.constructor('${P}')()}}`,
  `\${${P}}`,
  `<!--<img src=x onerror=${P}>-->`,
  `<noscript><p title="</noscript><img src=x onerror=${P}>">`,
  `<template><script>${P}</script></template>`,
  `&lt;script&gt;${P}&lt;/script&gt;`,
  `%3Cscript%3E${P}%3C/script%3E`,
  `\u202Egnp.exe\u202C admin\u202E`,
  `\u2066isolate\u2069 \u200F rtl \u200E ltr`,
  `zero\u200Bwidth\u200C\u200D\uFEFFjoiners`,
  `lone high \uD800 surrogate`,
  `lone low \uDC00 surrogate`,
  `combining ${'e\u0301'.repeat(200)}`,
  `Z̸̡̧̛̛͍̩͎̈́͊̓̀a̷̡̰̺͋͋l̵̢̨̘̈́g̴̛͔̀o̵̧̭͂`,
  `null \u0000 byte and \u0007 bell`,
  `line\u2028separator\u2029paragraph`,
  'x'.repeat(5_000),
  `${'unbroken'.repeat(800)}<script>${P}</script>`,
  `__proto__`,
  `constructor`,
];

/** A string of about `bytes` characters with no place to break a line. */
export function unbrokenText(bytes: number): string {
  return 'W'.repeat(bytes);
}
