import type { Selectable } from 'kysely';
import {
  DEFAULT_BUSINESS_HOURS,
  emptyBusinessAccount,
  type BusinessAccount,
  type BusinessAccountFields,
} from '../../../shared/business';
import type { BusinessAccountsTable } from '../../db/tables/business-accounts';

type Row = Selectable<BusinessAccountsTable>;

/**
 * The business account of `GET`/`PUT /api/business-account`: a member without one gets the
 * empty account (`exists: false`); lists and hours missing from a row fall back to the defaults.
 */
export function presentBusinessAccount(row: Row | undefined): BusinessAccount {
  if (!row) return emptyBusinessAccount();
  return {
    name: row.name,
    description: row.description,
    industry: row.industry,
    website: row.website,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zip_code,
    country: row.country,
    foundedYear: row.founded_year,
    employeeCount: row.employee_count,
    revenue: row.revenue,
    logo: row.logo,
    banner: row.banner,
    socialLinks: row.social_links ?? [],
    services: row.services ?? [],
    certifications: row.certifications ?? [],
    businessHours: { ...DEFAULT_BUSINESS_HOURS, ...row.business_hours },
    exists: true,
    version: row.version,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The columns of a whole account, as `BusinessAccountSaved` carries it. */
export function businessAccountColumns(account: BusinessAccountFields) {
  return {
    name: account.name,
    description: account.description,
    industry: account.industry,
    website: account.website,
    email: account.email,
    phone: account.phone,
    address: account.address,
    city: account.city,
    state: account.state,
    zip_code: account.zipCode,
    country: account.country,
    founded_year: account.foundedYear,
    employee_count: account.employeeCount,
    revenue: account.revenue,
    logo: account.logo,
    banner: account.banner,
    social_links: JSON.stringify(account.socialLinks),
    services: JSON.stringify(account.services),
    certifications: JSON.stringify(account.certifications),
    business_hours: JSON.stringify(account.businessHours),
  };
}
