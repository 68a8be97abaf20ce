import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { serverSentence } from '../api/error-message';
import { Button } from '../ui/Button';
import { EmailField } from '../ui/EmailField';
import { useRequestSignInLinkMutation } from './api';
import styles from './sign-in-form.module.css';
import { texts } from './texts';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** A refusal in words: the server's own sentence when it sent one (with payments off: that online payment is
 * not available and whom to write to, not "try again in a moment"), else ours. */
function problemOf(error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (status === 429) return texts.tooMany;
  if (status === 400) return texts.invalidEmail;
  const sentence = serverSentence(error);
  return sentence ? `${texts.notRequested} ${sentence}` : texts.failed;
}

/**
 * "Already subscribed?": a subscriber on another device asks for a one-time sign-in link. The answer is the
 * same whatever the address (the server's promise), so the form shows it as given; only a refusal of the
 * request itself (too many, the service away) is shown as an error. Both are read out (aria-live).
 */
export function SignInLinkForm({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [request, state] = useRequestSignInLinkMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const formId = useId();
  const noteId = useId();

  // Opened by its button, the form's field takes focus (not when a page shows it open from the start).
  const focusOnOpen = useRef(false);
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    inputRef.current?.focus();
  }, [open]);
  const toggle = () => {
    focusOnOpen.current = !open;
    setOpen(!open);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setInvalid(true);
      inputRef.current?.focus();
      return;
    }
    setInvalid(false);
    void request({ email: email.trim() });
  };

  const answer = state.isSuccess ? state.data.message : undefined;
  const problem = invalid ? texts.invalidEmail : state.isError ? problemOf(state.error) : undefined;
  return (
    <div className={styles.box}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={toggle}
      >
        {texts.toggle}
      </button>
      {open && (
        <form id={formId} noValidate onSubmit={submit} className={styles.form} aria-label={texts.toggle}>
          <p className={styles.text}>{texts.intro}</p>
          <EmailField
            label={texts.emailLabel}
            ref={inputRef}
            value={email}
            onChange={setEmail}
            aria-invalid={invalid || undefined}
            aria-describedby={noteId}
          >
            <Button type="submit" variant="primary" loading={state.isLoading}>
              {state.isLoading ? texts.sending : texts.send}
            </Button>
          </EmailField>
          <div id={noteId} aria-live="polite" role="status">
            {answer && !problem && <p className={styles.answer}>{answer}</p>}
            {problem && <p className={styles.error}>{problem}</p>}
          </div>
        </form>
      )}
    </div>
  );
}
