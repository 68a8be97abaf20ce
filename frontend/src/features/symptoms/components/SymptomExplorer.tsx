import { useRef, useState } from 'react';
import { normalizeQuery } from '@hhp/proto/query-text';
import { useCrisisCheck } from '../../../shared/crisis/use-crisis-check';
import { SymptomAnalyzer } from './SymptomAnalyzer';
import { SymptomCategories } from './SymptomCategories';

/** The categories and the analyzer share one text: "Describe my …" starts it with the category's name. */
export function SymptomExplorer() {
  const [text, setText] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const crisis = useCrisisCheck();

  const change = (value: string) => {
    setText(value);
    crisis.onTyped(value);
  };

  return (
    <>
      <SymptomCategories
        onDescribe={(start) => {
          if (!normalizeQuery(text)) change(start);
          textareaRef.current?.focus();
        }}
      />
      <SymptomAnalyzer text={text} onChange={change} textareaRef={textareaRef} crisis={crisis} />
    </>
  );
}
