import { Compass, GitBranch, SquareKanban, ChartLine, MessagesSquare, Users } from 'lucide-react';
import { PageHeader } from '../../components/PageHeader';
import {
  Actions,
  FeatureGrid,
  FigureGrid,
  Section,
  Steps,
  type Feature,
  type Figure,
  type Step,
} from './sections';

// 001 §2 Organizational Development: the page's three figures.
const STATS: readonly Figure[] = [
  { value: '31%', label: 'Higher productivity in teams with clear workflows' },
  { value: '6x', label: 'Faster decisions when information is shared openly' },
  { value: '85%', label: 'Of employees more engaged when goals are visible' },
];

const PRINCIPLES: readonly Feature[] = [
  {
    icon: Compass,
    title: 'Shared direction',
    text: 'Everyone knows the goals, who owns what, and how their work moves the organization forward.',
  },
  {
    icon: MessagesSquare,
    title: 'Open communication',
    text: 'Decisions and their reasons are written down where the whole team can find and discuss them.',
  },
  {
    icon: Users,
    title: 'Continuous growth',
    text: 'Teams learn from each cycle: they review results, keep what works and change what does not.',
  },
];

const TOOLS: readonly Feature[] = [
  {
    icon: SquareKanban,
    title: 'Workflow boards',
    text: 'Map how work flows from request to done, and see where it waits.',
  },
  {
    icon: GitBranch,
    title: 'Team structure',
    text: 'Organizations, communities and roles that mirror how your teams really work together.',
  },
  {
    icon: ChartLine,
    title: 'Progress analytics',
    text: 'Activity, engagement and growth over time, so improvements are measured, not guessed.',
  },
];

const ROADMAP: readonly Step[] = [
  {
    title: 'Assess Current State',
    text: 'Interview teams, map today’s processes and find where time and information are lost.',
  },
  {
    title: 'Design Workflow',
    text: 'Agree the target way of working: steps, owners, hand-offs and the measures of success.',
  },
  {
    title: 'Implement Tools',
    text: 'Set up the organization, its communities and roles, and move the first team onto them.',
  },
  {
    title: 'Monitor & Optimize',
    text: 'Review the figures each month, remove bottlenecks and roll out what works to every team.',
  },
];

const ACTIONS = [
  { label: 'Start Free Trial', to: '/create-organization', primary: true },
  { label: 'Schedule Demo', to: '/business-account' },
] as const;

/** `/organizational` (001 §2 Organizational Development): a static page. */
export function OrganizationalPage() {
  return (
    <div className="grid gap-10">
      <PageHeader
        title="Organizational Development"
        description="Principles, tools and a roadmap for growing your organization."
      >
        <Actions actions={ACTIONS} />
      </PageHeader>
      <Section id="organizational-stats" title="Why it matters">
        <FigureGrid figures={STATS} testId="organizational-stats" />
      </Section>
      <Section id="organizational-principles" title="Three principles">
        <FeatureGrid features={PRINCIPLES} />
      </Section>
      <Section id="organizational-tools" title="Three tools">
        <FeatureGrid features={TOOLS} />
      </Section>
      <Section id="organizational-roadmap" title="Your roadmap">
        <Steps steps={ROADMAP} />
      </Section>
    </div>
  );
}
