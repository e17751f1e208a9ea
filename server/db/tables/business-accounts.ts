import type { ColumnType } from 'kysely';
import type { BusinessHours, BusinessIndustry, CompanySize } from '../../../shared/business';

type Json<T> = ColumnType<T, string, string>;

/** A member's business account, the whole object as last saved (`BusinessAccountSaved`). */
export interface BusinessAccountsTable {
  user_id: string;
  name: string;
  description: string;
  industry: BusinessIndustry | '';
  website: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  founded_year: number | null;
  employee_count: CompanySize | '';
  revenue: string;
  logo: string;
  banner: string;
  social_links: Json<string[]>;
  services: Json<string[]>;
  certifications: Json<string[]>;
  business_hours: Json<BusinessHours>;
  updated_at: Date;
  version: number;
}
