/**
 * ./ReportNotices (issue 26 part 1), one of the shell's member alerts (shell layouts/notices.tsx):
 * what a moderator's decision on a report tells a member, once, at their next visit:
 * - to the reporter: their report was handled (never how);
 * - to a warned member: a moderator's warning (never who reported, nor which report).
 * GET /api/notices.php; "Begrepen" marks it shown (POST /api/notices.php), so it does not come back.
 */
import { useEffect, useState } from 'react';
import { api } from '@dating/shared-kit/api';
import { ZMemberNotices } from '@dating/shared-kit/contracts';
import type { MemberNotice } from '@dating/shared-kit/contracts';
import { useSession } from '@dating/shared-kit/state';
import { Alert, Button, useCommonT } from '@dating/shared-kit/ui';

export default function ReportNotices() {
  const t = useCommonT();
  const user = useSession();
  const [notices, setNotices] = useState<MemberNotice[]>([]);
  const userId = user && !user.is_staff ? user.id : null;

  useEffect(() => {
    if (userId === null) return undefined;
    let live = true;
    api.get('/api/notices.php', ZMemberNotices).then(
      (r) => live && setNotices(r.notices),
      () => undefined, // a notice that could not be read comes again at the next visit
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const seen = (id: number) => {
    setNotices((list) => list.filter((n) => n.id !== id));
    void api.post('/api/notices.php', { ids: [id] }).catch(() => undefined);
  };

  if (notices.length === 0) return null;
  return (
    <>
      {notices.map((n) => (
        <Alert
          key={n.id}
          variant={n.kind === 'warning' ? 'warning' : 'success'}
          role={n.kind === 'warning' ? 'alert' : 'status'}
          title={n.kind === 'warning' ? t('report.warningTitle') : t('report.handledTitle')}
          action={
            <Button size="sm" variant="outline" onClick={() => seen(n.id)}>
              {t('report.understood')}
            </Button>
          }
        >
          {n.kind === 'warning' ? t('report.warningText') : t('report.handledText')}
        </Alert>
      ))}
    </>
  );
}
