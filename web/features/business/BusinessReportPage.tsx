import { Printer } from 'lucide-react';
import { Link } from 'react-router';
import {
  businessMessages,
  formatHours,
  WEEK_DAYS,
  type BusinessReport,
} from '../../../shared/business';
import { ErrorState, LoadingState } from '../../components/PageStates';
import { Button, buttonVariants } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useGetBusinessReportQuery } from './businessApi';

/**
 * The print stylesheet: only the report is printed, without the app's sidebar, menus and ads,
 * in black on white whatever the theme.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  .business-report, .business-report * { visibility: visible; }
  .business-report { position: absolute; inset: 0; padding: 1.5rem; background: #fff; color: #000; }
  .business-report .break-inside-avoid { break-inside: avoid; }
}`;

const orNotSet = (value: string | number | null) =>
  value === null || value === '' ? businessMessages.notSet : String(value);

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border p-3 break-inside-avoid">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold">{value}</dd>
    </div>
  );
}

function Report({ report }: { report: BusinessReport }) {
  const { account, content } = report;
  const location = [account.address, account.city, account.state, account.zipCode, account.country]
    .filter(Boolean)
    .join(', ');
  const details: [string, string][] = [
    ['Industry', orNotSet(account.industry)],
    ['Founded', orNotSet(account.foundedYear)],
    ['Employees', orNotSet(account.employeeCount)],
    ['Revenue', orNotSet(account.revenue)],
    ['Website', orNotSet(account.website)],
    ['Email', orNotSet(account.email)],
    ['Phone', orNotSet(account.phone)],
    ['Address', orNotSet(location)],
  ];
  return (
    <article className="mx-auto grid max-w-3xl gap-8 print:max-w-none print:text-black">
      <header className="flex items-center gap-4">
        {account.logo && <img src={account.logo} alt="" className="size-16 rounded-lg border" />}
        <div>
          <h1 className="text-2xl font-semibold">{account.name} — Business Report</h1>
          <p className="text-sm text-muted-foreground">
            Generated {new Date(report.generatedAt).toLocaleString()}
          </p>
        </div>
      </header>
      {account.description && <p>{account.description}</p>}

      <section aria-labelledby="report-figures">
        <h2 id="report-figures" className="mb-3 text-lg font-semibold">
          Key figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Profile completeness" value={`${report.completeness}%`} />
          <Figure label="Weekly open hours" value={formatHours(report.weeklyOpenMinutes)} />
          <Figure label="Days open" value={report.openDays} />
          <Figure label="Services" value={account.services.length} />
          <Figure label="Certifications" value={account.certifications.length} />
          <Figure label="Posts" value={content.posts} />
          <Figure label="Post views" value={content.views} />
          <Figure label="Likes" value={content.likes} />
          <Figure label="Followers" value={content.followers} />
        </dl>
      </section>

      <section aria-labelledby="report-details">
        <h2 id="report-details" className="mb-3 text-lg font-semibold">
          Details
        </h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {details.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="report-hours">
        <h2 id="report-hours" className="mb-3 text-lg font-semibold">
          Business hours
        </h2>
        <table className="w-full text-sm">
          <tbody>
            {WEEK_DAYS.map((day) => {
              const hours = account.businessHours[day];
              return (
                <tr key={day} className="border-b">
                  <th scope="row" className="py-1.5 text-left font-medium capitalize">
                    {day}
                  </th>
                  <td>{hours.closed ? 'Closed' : `${hours.open} – ${hours.close}`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      {[
        ['Services', account.services],
        ['Certifications', account.certifications],
        ['Social links', account.socialLinks],
      ].map(([title, items]) => (
        <section key={title as string} className="break-inside-avoid">
          <h2 className="mb-2 text-lg font-semibold">{title as string}</h2>
          {(items as string[]).length === 0 ? (
            <p className="text-muted-foreground">None</p>
          ) : (
            <ul className="list-disc pl-5">
              {(items as string[]).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </article>
  );
}

/**
 * `/business-account/report`: the business's figures as a printable page; 'Print / Save as PDF'
 * opens the browser's print dialog, and the print stylesheet leaves only the report.
 */
export function BusinessReportPage() {
  useDocumentTitle('Business Report');
  const { data, isLoading, isError, refetch } = useGetBusinessReportQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <LoadingState label="Loading business report..." />;
  if (isError || !data) {
    return (
      <ErrorState
        title="Failed to load the business report"
        message="Save your business account first, then try again."
        onRetry={() => void refetch()}
      />
    );
  }
  return (
    <div className="business-report">
      <style>{PRINT_CSS}</style>
      <div className="mb-6 flex flex-wrap justify-between gap-3 print:hidden">
        <Link to="/business-account" className={buttonVariants({ variant: 'outline' })}>
          Back to Business Account
        </Link>
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden /> Print / Save as PDF
        </Button>
      </div>
      <Report report={data} />
    </div>
  );
}
