/** A scroll the page makes on its own glides, unless the system asks for less motion (then it jumps). */
export const scrollMotion = (): ScrollBehavior => (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
