import { waitFor } from '@testing-library/react';
import { Spinner } from '@dating/shared-kit/ui';
import { firstPageShown } from './prefetch';
import { renderInShell } from './test/render';

it('the first page has shown only once its main area shows no loading spinner (the idle prefetch waits for the page data)', async () => {
  const view = renderInShell(
    <main>
      <Spinner label="Gesprek laden" />
    </main>,
  );
  let shown = false;
  void firstPageShown().then(() => {
    shown = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(shown).toBe(false);
  view.rerender(
    <main>
      <h1>Anna</h1>
    </main>,
  );
  await waitFor(() => expect(shown).toBe(true));
});
