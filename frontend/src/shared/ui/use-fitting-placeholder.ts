import { useEffect, useState, type RefObject } from 'react';

let canvas: HTMLCanvasElement | undefined;

/** The width of `text` in the field's own font, in CSS pixels. */
function textWidth(field: HTMLInputElement, text: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return 0;
  const style = getComputedStyle(field);
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return context.measureText(text).width;
}

/**
 * The placeholder that fits in the field: `full` while it does, else `short` (a phone's narrow field would cut
 * the full one off mid-word). Measured whenever the field's width changes; the prerendered page and hydration
 * use `full`. The field keeps its label either way: a placeholder is only a hint. Measured in the
 * ResizeObserver's callback (its first comes once the field is laid out), never while React commits: reading
 * the layout there forced the browser to lay out the whole page in the middle of hydration (issue 28).
 */
export function useFittingPlaceholder(ref: RefObject<HTMLInputElement | null>, full: string, short: string): string {
  const [fits, setFits] = useState(true);
  useEffect(() => {
    const field = ref.current;
    if (!field || full === short) return;
    const measure = () => {
      const style = getComputedStyle(field);
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setFits(room <= 0 || textWidth(field, full) <= room);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(field);
    return () => observer.disconnect();
  }, [ref, full, short]);
  return fits ? full : short;
}
