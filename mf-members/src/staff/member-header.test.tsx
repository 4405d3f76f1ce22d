/** The member header of the staff items (photo, verification, report), by role. */
import { screen } from '@testing-library/react';
import { Badge } from '@dating/shared-kit/ui';
import { renderAt } from '../test-utils';
import { MemberHeader } from './member-header';

describe('MemberHeader', () => {
  it('links the name to the member’s staff page, with the detail and the badges after it', () => {
    renderAt('/', [
      {
        path: '/',
        element: (
          <MemberHeader id={42} name="Lotte" detail="lotte@example.com">
            <Badge tone="dark">Fictief profiel</Badge>
          </MemberHeader>
        ),
      },
    ]);
    expect(screen.getByRole('link', { name: 'Lotte' })).toHaveAttribute('href', '/backoffice/members/42');
    expect(screen.getByText('lotte@example.com')).toBeInTheDocument();
    expect(screen.getByText('Fictief profiel')).toBeInTheDocument();
  });

  it('without a detail shows only the name', () => {
    const { container } = renderAt('/', [{ path: '/', element: <MemberHeader id={7} name="eva@example.com" /> }]);
    expect(screen.getByRole('link', { name: 'eva@example.com' })).toHaveAttribute('href', '/backoffice/members/7');
    expect(container).toHaveTextContent(/^eva@example\.com$/);
  });
});
