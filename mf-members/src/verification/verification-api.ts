/** The verified-photos calls (issue 26 part 2), typed by the shared contracts. */
import { api } from '@dating/shared-kit/api';
import { ZVerificationDecision, ZVerificationQueue, ZVerificationState } from '@dating/shared-kit/contracts';
import type { VerificationPose, VerificationRejectReason } from '@dating/shared-kit/contracts';

export const verificationApi = {
  state: () => api.get('/api/verification.php', ZVerificationState),
  send: (selfie: File, pose: VerificationPose, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    form.append('pose', pose);
    form.append('selfie', selfie);
    return api.upload('/api/verification.php', form, ZVerificationState, onProgress);
  },
  queue: (page: number) => api.get('/api/backoffice/verifications', ZVerificationQueue, { query: { page } }),
  decide: (id: number, approve: boolean, reason?: VerificationRejectReason) =>
    api.post(`/api/backoffice/verifications/${id}/decide`, approve ? { approve } : { approve, reason }, ZVerificationDecision),
};
