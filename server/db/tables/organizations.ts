import type { CompanySize, OrganizationIndustry } from '../../../shared/business';

/** An organization as its owner created it (`OrganizationCreated`). */
export interface OrganizationsTable {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  website: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  industry: OrganizationIndustry | '';
  size: CompanySize | '';
  founded_year: number | null;
  logo: string;
  banner: string;
  created_at: Date;
}
