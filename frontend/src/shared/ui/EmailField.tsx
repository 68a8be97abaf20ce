import { useId, type ComponentProps, type ReactNode } from 'react';
import { TextInput } from './TextInput';
import styles from './email-field.module.css';

type InputProps = Omit<ComponentProps<typeof TextInput>, 'id' | 'type' | 'name' | 'onChange' | 'value' | 'children'>;

interface Props extends InputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's button, beside the field (below it where the row wraps). */
  children: ReactNode;
  /** The row's own layout, where a form lays it out otherwise. */
  rowClassName?: string;
}

/** A form's e-mail address: its label, the field (required, filled in by the browser) and the button beside it. */
export function EmailField({ label, value, onChange, children, rowClassName, ...input }: Props) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={rowClassName ?? styles.row}>
        <TextInput
          id={id}
          type="email"
          name="email"
          required
          autoComplete="email"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...input}
        />
        {children}
      </div>
    </>
  );
}
