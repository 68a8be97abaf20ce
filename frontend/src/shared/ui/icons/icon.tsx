// The antd icons the portal shows (one module each, next to this one, so a chunk carries only its own):
// @ant-design/icons-svg's shapes with the markup @ant-design/icons gives them (<span role="img"
// class="anticon anticon-…"><svg …>), without its runtime, which inserts the icons' stylesheet from script
// on first render and was 2.3 KB gzip of every first download (issue 28). The .anticon rules are in
// app/global.css.
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement, type HTMLAttributes, type ReactElement } from 'react';

export type IconProps = HTMLAttributes<HTMLSpanElement>;

function draw({ tag, attrs, children = [] }: AbstractNode, key: string): ReactElement {
  return createElement(
    tag,
    { key, ...attrs },
    children.map((child, index) => draw(child, `${key}-${tag}-${index}`)),
  );
}

export function icon({ name, icon: shape }: IconDefinition) {
  const svg = typeof shape === 'function' ? shape('#1677ff', '#e6f4ff') : shape;
  function Icon({ className, ...rest }: IconProps) {
    return (
      <span
        role="img"
        aria-label={name}
        {...rest}
        className={`anticon anticon-${name}${className ? ` ${className}` : ''}`}
      >
        <svg {...svg.attrs} data-icon={name} width="1em" height="1em" fill="currentColor" aria-hidden="true">
          {(svg.children ?? []).map((child, index) => draw(child, `svg-${index}`))}
        </svg>
      </span>
    );
  }
  return Icon;
}
