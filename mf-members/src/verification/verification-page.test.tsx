/** The member's verification page (issue 26 part 2): by status, the pose and the selfie input. */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginAs, renderAt, serve } from '../test-utils';
import { VerificationPage } from './verification-page';

const at = () => renderAt('/profile/verification', [{ path: '/profile/verification', element: <VerificationPage /> }]);

describe('VerificationPage', () => {
  it('shows the pose to take (a named drawing and its text) and a labelled selfie input for the front camera', async () => {
    loginAs();
    serve({ 'GET /api/verification.php': () => ({ status: 'none', pose: 'peace_sign', may_request: true }) });
    at();
    expect(await screen.findByRole('img', { name: 'Tekening van de houding: Maak een peace-teken met twee vingers' })).toBeInTheDocument();
    expect(screen.getByText('Maak een peace-teken met twee vingers')).toBeInTheDocument();
    const input = screen.getByLabelText('Selfie (maak hem nu, in deze houding)');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'user');
    expect(screen.getByText('Je profiel is nog niet geverifieerd.')).toBeInTheDocument();
    // sending without a selfie says what is missing and sends nothing
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Selfie versturen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Selfie (maak hem nu, in deze houding)');
  });

  it('a rejection shows its reason, translated, and the new pose', async () => {
    loginAs();
    serve({ 'GET /api/verification.php': () => ({ status: 'rejected', reason: 'face_not_visible', pose: 'wave', may_request: true }) });
    at();
    expect(await screen.findByText(/Je selfie is afgekeurd: je gezicht was niet goed te zien\./)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Tekening van de houding: Zwaai met je open hand' })).toBeInTheDocument();
  });

  it('while pending: no pose and no input; verified: the badge', async () => {
    loginAs();
    serve({ 'GET /api/verification.php': () => ({ status: 'pending', may_request: true }) });
    const { unmount } = at();
    expect(await screen.findByText(/Je selfie wordt bekeken door een moderator/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Selfie (maak hem nu, in deze houding)')).not.toBeInTheDocument();
    unmount();
    serve({ 'GET /api/verification.php': () => ({ status: 'verified', verified_at: '2026-11-20T10:00:00.000Z', may_request: true }) });
    at();
    expect(await screen.findByRole('img', { name: /^Geverifieerd/ })).toBeInTheDocument();
    expect(screen.getByText(/Je profiel is geverifieerd sinds/)).toBeInTheDocument();
  });

  it('a fictional profile cannot ask', async () => {
    loginAs();
    serve({ 'GET /api/verification.php': () => ({ status: 'none', may_request: false }) });
    at();
    expect(await screen.findByText('Dit profiel kan niet worden geverifieerd.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Selfie versturen' })).not.toBeInTheDocument();
  });
});
