/**
 * Chat messages the benchmarks send. Their bodies carry no digits: a run of 9 or more digits (with
 * '-' or spaces between, like `b1234-567-890`) reads as a phone number to the scam guard
 * (api/src/modules/chat/scam/, docs/safety.md), which holds the message: it is stored and
 * charged, but only its sender sees it, so a benchmark would count it as not delivered.
 */

/** a number in letters only (a = 0, z = 25, ba = 26) */
export function letters(n: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (n % 26)) + out;
    n = Math.floor(n / 26);
  } while (n > 0);
  return out;
}

/** A unique body for message `seq` from member `from` to member `to`, without digits. */
export function messageBody(seq: number, from: number, to: number): string {
  return `hoi ${letters(seq)} van ${letters(from)} voor ${letters(to)}`;
}

/** Whether a 200 answer of POST /api/messages.php says the scam guard held the message. */
export function isHeld(answerText: string): boolean {
  return answerText.includes('"held":true');
}
