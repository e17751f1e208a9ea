import { Building2, Calendar, Factory, MapPin, Users, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { businessMessages, type BusinessAccount } from '../../../shared/business';
import { Card, CardContent } from '../../components/ui/card';
import { OrganizationsCard } from '../organizations';

function OverviewCard({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 p-4">
        <span className="text-muted-foreground" aria-hidden>
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">{label}</p>
          <p className="font-medium break-words">{value}</p>
        </div>
      </CardContent>
    </Card>
  );
}

const orNotSet = (value: string | number | null) =>
  value === null || value === '' ? businessMessages.notSet : String(value);

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The saved account read-only (`001` §2): what others would read, not the unsaved draft. */
export function BusinessOverview({ account }: { account: BusinessAccount }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <OverviewCard
          icon={<Building2 className="size-5" />}
          label="Business Name"
          value={orNotSet(account.name)}
        />
        <OverviewCard
          icon={<Factory className="size-5" />}
          label="Industry"
          value={account.industry ? capitalised(account.industry) : businessMessages.notSet}
        />
        <OverviewCard
          icon={<Calendar className="size-5" />}
          label="Founded Year"
          value={orNotSet(account.foundedYear)}
        />
        <OverviewCard
          icon={<Users className="size-5" />}
          label="Employees"
          value={orNotSet(account.employeeCount)}
        />
        {account.city && account.state && (
          <OverviewCard
            icon={<MapPin className="size-5" />}
            label="Location"
            value={`${account.city}, ${account.state}`}
          />
        )}
        <OverviewCard
          icon={<Wrench className="size-5" />}
          label="Services"
          value={`${account.services.length} ${account.services.length === 1 ? 'service' : 'services'}`}
        />
      </div>
      <OrganizationsCard />
    </div>
  );
}
