import {
  ChartColumnIncreasing,
  Clock,
  Building2,
  PenLine,
  Target,
  Rocket,
  Users,
  HeartHandshake,
} from 'lucide-react';
import { PageHeader } from '../../components/PageHeader';
import { Card } from '../../components/ui/card';
import { RoiCalculator } from './RoiCalculator';
import { Actions, FeatureGrid, FigureGrid, Section, type Feature, type Figure } from './sections';

// 001 §9: the marketing sample values are static copy.
const HEADLINES: readonly Figure[] = [
  { value: '3x', label: 'More leads than outbound campaigns' },
  { value: '62%', label: 'Lower cost per lead' },
  { value: '97%', label: 'Customer satisfaction' },
  { value: '6x', label: 'Higher conversion rates' },
];

const BENEFITS: readonly Feature[] = [
  {
    icon: Target,
    title: 'Reach the right people',
    text: 'Publish where your audience already reads, follows and talks, not where ads interrupt them.',
  },
  {
    icon: Rocket,
    title: 'Grow steadily',
    text: 'Every post keeps working: followers, shares and search bring new readers month after month.',
  },
  {
    icon: Users,
    title: 'Build relationships',
    text: 'Comments, messages and communities turn readers into customers who come back.',
  },
  {
    icon: Clock,
    title: 'Save time',
    text: 'Plan, publish and measure from one place instead of juggling tools.',
  },
];

const SOLUTIONS: readonly Feature[] = [
  {
    icon: PenLine,
    title: 'Brand publishing',
    text: 'Articles, images and video under your brand, with drafts, scheduling and version history.',
    action: { label: 'Learn More', to: '/create-post' },
  },
  {
    icon: ChartColumnIncreasing,
    title: 'Analytics and insights',
    text: 'Views, engagement, followers and revenue over time, compared with the period before.',
    action: { label: 'Learn More', to: '/analytics' },
  },
  {
    icon: HeartHandshake,
    title: 'Community management',
    text: 'Run a branded community with roles, moderated discussions, events and invitations.',
    action: { label: 'Learn More', to: '/community' },
  },
  {
    icon: Building2,
    title: 'Team organizations',
    text: 'Bring your team under one organization profile and work on content together.',
    action: { label: 'Learn More', to: '/create-organization' },
  },
];

const STORIES: readonly { company: string; quote: string; person: string; result: string }[] = [
  {
    company: 'Northwind Outfitters',
    quote:
      'We replaced most of our paid campaigns with weekly guides and a customer community. Leads tripled within two quarters.',
    person: 'Head of Marketing',
    result: '3x leads in six months',
  },
  {
    company: 'Brightline Software',
    quote:
      'Our product tutorials now bring in the customers our sales team used to chase. Our cost per lead fell by almost two thirds.',
    person: 'VP Growth',
    result: '62% lower cost per lead',
  },
];

const ACTIONS = [
  { label: 'Get Started', to: '/business-account', primary: true },
  { label: 'Request Demo', to: '/business-account' },
] as const;

/** `/business` (001 §2 Business Solutions): static copy with a working ROI calculator. */
export function BusinessPage() {
  return (
    <div className="grid gap-10">
      <PageHeader
        title="Business Solutions"
        description="Reach customers with content, build a community around your brand, and measure what it earns."
      >
        <Actions actions={ACTIONS} />
      </PageHeader>
      <Section id="business-headlines" title="Results businesses see">
        <FigureGrid figures={HEADLINES} testId="business-headlines" />
      </Section>
      <Section id="business-benefits" title="Why content marketing on Agora">
        <FeatureGrid features={BENEFITS} columns={4} />
      </Section>
      <Section id="business-solutions" title="Enterprise solutions">
        <FeatureGrid features={SOLUTIONS} columns={4} />
      </Section>
      <Section
        id="business-roi"
        title="ROI calculator"
        intro="Enter your own figures; the results and the formula behind each update as you type."
      >
        <RoiCalculator />
      </Section>
      <Section id="business-stories" title="Success stories">
        <ul className="grid gap-4 md:grid-cols-2">
          {STORIES.map((story) => (
            <li key={story.company}>
              <Card className="h-full p-6">
                <p className="text-sm font-medium text-primary">{story.result}</p>
                <h3 className="mt-1 text-lg font-semibold">{story.company}</h3>
                <blockquote className="mt-2 text-sm text-muted-foreground">
                  “{story.quote}”
                </blockquote>
                <p className="mt-2 text-xs text-muted-foreground">{story.person}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <section
        aria-labelledby="business-start"
        className="rounded-2xl border bg-muted/40 p-6 text-center"
      >
        <h2 id="business-start" className="text-xl font-semibold">
          Ready to grow with content?
        </h2>
        <p className="mx-auto mt-1 max-w-xl text-sm text-muted-foreground">
          Set up your business account: profile, contact details, hours and services in one place.
        </p>
        <div className="mt-4 flex justify-center">
          <Actions actions={ACTIONS} />
        </div>
      </section>
    </div>
  );
}
