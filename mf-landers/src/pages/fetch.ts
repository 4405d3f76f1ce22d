/**
 * The legal pages' own fetches (their own chunk: mf-landers' light page gets the company info
 * inlined and never loads this, nor the API client and schemas it brings).
 */
import { api } from '@dating/shared-kit/api';
import { ZCompanyInfoResponse } from '@dating/shared-kit/contracts';
import type { CompanyInfo } from '@dating/shared-kit/contracts';

export async function fetchCompanyInfo(): Promise<CompanyInfo> {
  return (await api.get('/api/companyinfo.php', ZCompanyInfoResponse)).companyinfo;
}
