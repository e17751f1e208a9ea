import {
  BadgeCheck,
  Boxes,
  BriefcaseBusiness,
  CreditCard,
  Handshake,
  MessagesSquare,
  Search,
  ShieldCheck,
  Star,
  ShoppingBag,
  Truck,
  Wrench,
} from 'lucide-react';
import { PageHeader } from '../../components/PageHeader';
import { Card } from '../../components/ui/card';
import {
  FeatureGrid,
  FigureGrid,
  Section,
  Steps,
  type Feature,
  type Figure,
  type Step,
} from './sections';

const MARKET_FIGURES: readonly Figure[] = [
  { value: '$3.5T', label: 'Spent on online marketplaces worldwide each year' },
  { value: '1 in 2', label: 'Online shoppers who start their search on a marketplace' },
  { value: '2.1B', label: 'People who bought something online last year' },
  { value: '18%', label: 'Yearly growth of B2B marketplace sales' },
];

const TYPES: readonly Feature[] = [
  {
    icon: ShoppingBag,
    title: 'Product marketplaces',
    text: 'Many sellers list physical goods in one catalogue; the marketplace handles discovery, checkout and trust.',
  },
  {
    icon: Wrench,
    title: 'Service marketplaces',
    text: 'Clients book freelancers, tradespeople or agencies, with quotes, scheduling and reviews in one place.',
  },
  {
    icon: BriefcaseBusiness,
    title: 'B2B marketplaces',
    text: 'Businesses buy from suppliers at volume, with negotiated prices, invoices and approval workflows.',
  },
  {
    icon: Boxes,
    title: 'Digital goods',
    text: 'Templates, courses, software and media delivered instantly, with licences and updates.',
  },
];

const FEATURES: readonly Feature[] = [
  {
    icon: Search,
    title: 'Search and discovery',
    text: 'Categories, filters and ranked search so buyers find the right listing in seconds.',
  },
  {
    icon: CreditCard,
    title: 'Payments and payouts',
    text: 'One checkout for buyers, split payouts for sellers, fees taken automatically.',
  },
  {
    icon: ShieldCheck,
    title: 'Trust and safety',
    text: 'Verified sellers, moderation of listings and protection for disputed orders.',
  },
  {
    icon: Star,
    title: 'Reviews and ratings',
    text: 'Honest feedback after every order, shown where buyers decide.',
  },
  {
    icon: MessagesSquare,
    title: 'Buyer–seller messaging',
    text: 'Questions answered before the sale and support after it, in one thread.',
  },
  {
    icon: Truck,
    title: 'Fulfilment tracking',
    text: 'Order states, shipping updates and delivery confirmation for both sides.',
  },
];

const PROCESS: readonly Step[] = [
  {
    title: 'Research the niche',
    text: 'Find a market where buyers struggle to find or trust sellers, and size it.',
  },
  {
    title: 'Seed the supply',
    text: 'Recruit the first sellers by hand and help them list well: buyers come for choice.',
  },
  {
    title: 'Launch to buyers',
    text: 'Open to a focused audience, measure conversion, and fix what stops a first order.',
  },
  {
    title: 'Scale with data',
    text: 'Grow categories and regions where repeat purchases and ratings are strongest.',
  },
];

const METRICS: readonly Figure[] = [
  { value: 'GMV', label: 'Gross merchandise value: everything sold through the marketplace' },
  { value: 'Take rate', label: 'The share of GMV the marketplace keeps as revenue' },
  { value: 'Liquidity', label: 'The share of listings that sell within a set time' },
  { value: 'Repeat rate', label: 'Buyers who come back for a second order within 90 days' },
];

const EXAMPLES: readonly { name: string; kind: string; text: string }[] = [
  {
    name: 'A local makers market',
    kind: 'Product marketplace',
    text: 'Forty independent makers in one city share a storefront; buyers collect orders at a weekly pop-up, so no seller needs a shop of their own.',
  },
  {
    name: 'A tutoring network',
    kind: 'Service marketplace',
    text: 'Parents book vetted tutors by subject and hour; ratings after each session keep quality visible and rebookings high.',
  },
  {
    name: 'A restaurant supply exchange',
    kind: 'B2B marketplace',
    text: 'Small restaurants order from regional farms and wholesalers on one invoice, with delivery windows that fit the kitchen.',
  },
];

/** `/marketplace` (001 §2 Marketplace Development): a static page on building a marketplace. */
export function MarketplacePage() {
  return (
    <div className="grid gap-10">
      <PageHeader
        title="Marketplace Development"
        description="How businesses build and grow marketplaces that buyers and sellers trust."
      />
      <Section
        id="market-figures"
        title="The market"
        intro="Illustrative figures for planning: check current research for your own niche."
      >
        <FigureGrid figures={MARKET_FIGURES} testId="market-figures" />
      </Section>
      <Section id="marketplace-types" title="Types of marketplaces">
        <FeatureGrid features={TYPES} columns={4} />
      </Section>
      <Section id="marketplace-features" title="Features every marketplace needs">
        <FeatureGrid features={FEATURES} />
      </Section>
      <Section id="marketplace-process" title="From idea to launch">
        <Steps steps={PROCESS} />
      </Section>
      <Section id="marketplace-metrics" title="Metrics that matter">
        <FigureGrid figures={METRICS} />
      </Section>
      <Section id="marketplace-examples" title="Examples">
        <ul className="grid gap-4 md:grid-cols-3">
          {EXAMPLES.map((example) => (
            <li key={example.name}>
              <Card className="h-full p-5">
                <p className="flex items-center gap-1.5 text-xs font-medium text-primary">
                  {example.kind === 'B2B marketplace' ? (
                    <Handshake className="size-3.5" aria-hidden />
                  ) : (
                    <BadgeCheck className="size-3.5" aria-hidden />
                  )}
                  {example.kind}
                </p>
                <h3 className="mt-1 font-semibold">{example.name}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{example.text}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
