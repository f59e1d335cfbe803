import { endpoints, GREETING_MAX_LENGTH } from '@parlor/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, call } from '../../platform/api';
import { Button } from '../../ui/Button';
import { Card, CardActions, CardTitle } from '../../ui/Card';
import { TextAreaField } from '../../ui/TextAreaField';
import styles from './EditProfileScreen.module.css';
import { Note } from './Note';

/**
 * A creator's greeting: the message a fan's new chat with her starts with. Saving an empty text
 * clears it.
 */
export function GreetingCard() {
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    call(endpoints.getGreeting, {}, { signal: controller.signal }).then(
      (answer) => setText(answer.greeting ?? ''),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setResult(null);
    try {
      const answer = await call(endpoints.setGreeting, { body: { text } });
      setText(answer.greeting ?? '');
      setResult({
        tone: 'success',
        text: answer.greeting ? 'Your greeting has been saved.' : 'Your greeting has been removed.',
      });
    } catch (error) {
      setResult({ tone: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card as="form" roomy onSubmit={save} noValidate aria-labelledby="greeting-title">
      <CardTitle id="greeting-title">Greeting</CardTitle>
      <Note>A fan’s new chat with you starts with this message. Leave it empty for none.</Note>
      <TextAreaField
        label="Greeting message"
        rows={3}
        maxLength={GREETING_MAX_LENGTH}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setResult(null);
        }}
      />
      <p className={styles.counter}>
        {text.length}/{GREETING_MAX_LENGTH}
      </p>
      {result && <Note tone={result.tone}>{result.text}</Note>}
      <CardActions>
        <Button type="submit" loading={saving}>
          Save greeting
        </Button>
      </CardActions>
    </Card>
  );
}
