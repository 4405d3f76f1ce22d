import { css } from '@emotion/react';
import type { ComponentPropsWithoutRef } from 'react';

export const visuallyHiddenStyle = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** Text for screen readers only. */
export function VisuallyHidden(props: ComponentPropsWithoutRef<'span'>) {
  return <span css={visuallyHiddenStyle} {...props} />;
}
