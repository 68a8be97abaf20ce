import type { InputHTMLAttributes, Ref } from 'react';
import styles from './field.module.css';

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** large: antd's large input (40 px, 18 px text), the height of the large Button beside it. */
  size?: 'middle' | 'large';
  ref?: Ref<HTMLInputElement>;
}

/** A one-line text field in antd's look, without antd's runtime (see AntdScope.tsx). */
export function TextInput({ size = 'middle', className, ...rest }: TextInputProps) {
  const classes = [styles.field, size === 'large' && styles.large, className].filter(Boolean).join(' ');
  return <input {...rest} className={classes} />;
}
