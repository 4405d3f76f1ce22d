import { earlyAnswers } from './early';

it('a page takes the answer asked for early once, while it is fresh; later loads ask the server', async () => {
  let calls = 0;
  const call = () => Promise.resolve(++calls);
  const early = earlyAnswers(1_000);
  early.ask('chats', call);
  early.ask('chats', call); // asked again while the first is on its way: no second call
  expect(calls).toBe(1);
  await expect(early.take('chats', call)).resolves.toBe(1);
  await expect(early.take('chats', call)).resolves.toBe(2);
  await expect(early.take('other', call)).resolves.toBe(3);
});

it('an early answer older than its freshness is not taken', async () => {
  jest.useFakeTimers({ now: 0 });
  try {
    let calls = 0;
    const call = () => Promise.resolve(++calls);
    const early = earlyAnswers(1_000);
    early.ask('history', call);
    jest.setSystemTime(1_500);
    await expect(early.take('history', call)).resolves.toBe(2);
  } finally {
    jest.useRealTimers();
  }
});
