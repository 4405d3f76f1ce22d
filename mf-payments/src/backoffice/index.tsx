/**
 * The payments team's staff pages (issue 15), one lazily loaded chunk: members never download it.
 * The shell shows them in its staff layout to staff with the `payments` role (or admin); the server
 * checks that role on every call.
 */
import { StaffBlockedPage } from './blocked-page';
import { StaffCodesPage } from './codes-page';
import { StaffPaymentsPage } from './payments-page';

export type StaffArea = 'payments' | 'codes' | 'blocked';

export default function StaffPage({ area }: { area: StaffArea }) {
  if (area === 'codes') return <StaffCodesPage />;
  if (area === 'blocked') return <StaffBlockedPage />;
  return <StaffPaymentsPage />;
}
