/** The shared decide-a-row UI of the moderation queues: the buttons and the dialog, by role. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../test-utils';
import { DecisionButtons, DecisionDialog } from './decision';
import type { DecisionDialogProps, DecisionKind } from './decision';
import './i18n';

const labels = { approve: 'Goedkeuren', reject: 'Afkeuren' };
const reasons = [
  { value: 'blurry', label: 'Onscherp' },
  { value: 'someone_else', label: 'Iemand anders' },
] as const;
type Reason = (typeof reasons)[number]['value'];

const dialog = (props: Partial<DecisionDialogProps<Reason>> & Pick<DecisionDialogProps<Reason>, 'kind' | 'onConfirm'>) =>
  renderAt('/', [
    {
      path: '/',
      element: (
        <DecisionDialog
          title="Deze foto van Anna beoordelen?"
          labels={labels}
          approveText="De foto wordt zichtbaar."
          reasons={{ label: 'Reden', options: reasons }}
          onClose={() => undefined}
          {...props}
        />
      ),
    },
  ]);

describe('DecisionButtons', () => {
  it('names each button after what it decides and reports the kind chosen', async () => {
    const chosen: DecisionKind[] = [];
    renderAt('/', [
      { path: '/', element: <DecisionButtons labels={labels} subject="Foto van Anna" onDecide={(kind) => chosen.push(kind)} /> },
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Afkeuren: Foto van Anna' }));
    await user.click(screen.getByRole('button', { name: 'Goedkeuren: Foto van Anna' }));
    expect(chosen).toEqual(['reject', 'approve']);
  });

  it('shows only the decisions allowed: approve disabled, or one button, or none', () => {
    const { unmount } = renderAt('/', [
      { path: '/', element: <DecisionButtons labels={labels} subject="Chatpal" onDecide={() => undefined} approveDisabled /> },
    ]);
    expect(screen.getByRole('button', { name: 'Goedkeuren: Chatpal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Afkeuren: Chatpal' })).toBeEnabled();
    unmount();
    const second = renderAt('/', [
      { path: '/', element: <DecisionButtons labels={labels} subject="Foto 2" onDecide={() => undefined} kinds={['reject']} /> },
    ]);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Afkeuren: Foto 2']);
    second.unmount();
    renderAt('/', [{ path: '/', element: <DecisionButtons labels={labels} subject="Foto 3" onDecide={() => undefined} kinds={[]} /> }]);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('DecisionDialog', () => {
  it('approving shows what it means and confirms without a reason', async () => {
    const confirmed: string[] = [];
    dialog({ kind: 'approve', onConfirm: async (reason) => void confirmed.push(reason) });
    const box = screen.getByRole('dialog', { name: 'Deze foto van Anna beoordelen?' });
    expect(within(box).getByText('De foto wordt zichtbaar.')).toBeInTheDocument();
    expect(within(box).queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.setup().click(within(box).getByRole('button', { name: 'Goedkeuren' }));
    expect(confirmed).toEqual(['']);
  });

  it('rejecting asks for a reason in a named group; a refusal shows in the dialog, which stays open', async () => {
    const confirmed: string[] = [];
    dialog({
      kind: 'reject',
      onConfirm: async (reason) => {
        confirmed.push(reason);
        if (!reason) throw new Error('Kies een reden.');
      },
    });
    const user = userEvent.setup();
    const box = screen.getByRole('dialog', { name: 'Deze foto van Anna beoordelen?' });
    const group = within(box).getByRole('group', { name: 'Reden' });
    expect(
      within(group)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toHaveLength(0);
    await user.click(within(box).getByRole('button', { name: 'Afkeuren' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('Kies een reden.');
    await user.click(within(group).getByRole('radio', { name: 'Iemand anders' }));
    await user.click(within(box).getByRole('button', { name: 'Afkeuren' }));
    expect(confirmed).toEqual(['', 'someone_else']);
  });

  it('as a drop-down, starts on the reason given', async () => {
    const confirmed: string[] = [];
    dialog({
      kind: 'reject',
      reasons: { label: 'Reden', options: reasons, initial: 'blurry', picker: 'select' },
      onConfirm: async (reason) => void confirmed.push(reason),
    });
    const user = userEvent.setup();
    const box = screen.getByRole('dialog');
    expect(within(box).getByRole('combobox', { name: 'Reden' })).toHaveValue('blurry');
    await user.click(within(box).getByRole('button', { name: 'Afkeuren' }));
    expect(confirmed).toEqual(['blurry']);
  });
});
