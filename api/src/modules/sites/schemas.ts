// Wire schemas of the sites calls not (yet) in shared-kit/contracts. Kept here so the routes and
// the OpenAPI document are typed; they can move to shared-kit/contracts without changes.
import { z } from 'zod';

export const ZInterestsResponse = z.object({
  interests: z.array(z.object({ slug: z.string(), label: z.string(), labels: z.record(z.string(), z.string()) })),
});

export const ZRegionsQuery = z.object({ country: z.string().min(2).max(2) });
export const ZRegionsResponse = z.object({
  country: z.string(),
  /** what a region is called in that country: state, province, region, county, voivodeship, canton */
  kind: z.string(),
  /** that word in the request's language */
  label: z.string(),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});

export const ZCompanyInfo = z.object({
  name: z.string(),
  address: z.string(),
  registration_number: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number(),
  added: z.string(),
});
export const ZCompanyInfoResponse = z.object({ companyinfo: ZCompanyInfo });

export const ZSettingsQuery = z.object({ forced_domain: z.string().max(253).optional() }).passthrough();
