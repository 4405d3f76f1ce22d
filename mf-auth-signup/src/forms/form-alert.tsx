/** The alert above a form with the text of a failed submit; nothing while there is none. */
import type { ReactNode } from 'react';
import { Alert } from '@dating/shared-kit/ui';

export function FormAlert({ error, action }: { error: string | null; action?: ReactNode }) {
  if (!error) return null;
  return (
    <Alert variant="danger" role="alert" action={action}>
      {error}
    </Alert>
  );
}
