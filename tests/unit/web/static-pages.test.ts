import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { AnalyticsReport } from '../../../shared/analytics';
import { AppsPage } from '../../../web/features/apps/AppsPage';
import {
  chartRows,
  chartsOf,
  formatChange,
  hasData,
  statCards,
} from '../../../web/features/analytics/analyticsView';
import { BusinessPage } from '../../../web/features/marketing/BusinessPage';
import { MarketplacePage } from '../../../web/features/marketing/MarketplacePage';
import { OrganizationalPage } from '../../../web/features/marketing/OrganizationalPage';

const render = (Page: ComponentType) =>
  renderToString(createElement(MemoryRouter, null, createElement(Page)))
    .replaceAll('<!-- -->', '')
    .replaceAll('&amp;', '&');

const hrefsOf = (html: string, label: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)]
    .filter((match) => match[2] === label)
    .map((match) => match[1]);

describe('the static pages', () => {
  it('/business shows the headline figures, the sections, and buttons that lead somewhere', () => {
    const html = render(BusinessPage);
    for (const text of ['Business Solutions', '3x', '62%', '97%', '6x', 'ROI calculator']) {
      expect(html).toContain(text);
    }
    expect(html).toContain('Enterprise solutions');
    expect(html).toContain('Success stories');
    expect(hrefsOf(html, 'Learn More')).toEqual([
      '/create-post',
      '/analytics',
      '/community',
      '/create-organization',
    ]);
    expect(new Set(hrefsOf(html, 'Get Started'))).toEqual(new Set(['/business-account']));
    expect(new Set(hrefsOf(html, 'Request Demo'))).toEqual(new Set(['/business-account']));
    // The calculator computes from its starting figures.
    expect(html).toContain('$62,500');
    expect(html).toContain('1,150%');
    expect(html).toContain('(monthly revenue − budget) ÷ budget × 100');
  });

  it('/organizational shows its figures, principles, tools and the four-step roadmap', () => {
    const html = render(OrganizationalPage);
    for (const text of [
      '31%',
      '6x',
      '85%',
      'Three principles',
      'Three tools',
      'Assess Current State',
      'Design Workflow',
      'Implement Tools',
      'Monitor & Optimize',
    ]) {
      expect(html).toContain(text);
    }
    expect(hrefsOf(html, 'Start Free Trial')).toEqual(['/create-organization']);
    expect(hrefsOf(html, 'Schedule Demo')).toEqual(['/business-account']);
  });

  it('/marketplace shows figures, types, features, process, metrics and examples', () => {
    const html = render(MarketplacePage);
    for (const text of [
      'Marketplace Development',
      'The market',
      'Types of marketplaces',
      'Features every marketplace needs',
      'From idea to launch',
      'Metrics that matter',
      'Examples',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain('content strategy');
  });

  it('/apps has an inert Create App button and the empty state', () => {
    const html = render(AppsPage);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>.*Create App<\/button>/);
    expect(html).toContain('Building apps is not available yet.');
    expect(html).toContain('No apps created');
    expect(html).toContain('Build your first application');
  });

  it('keeps one h1 and headings in order on every page', () => {
    for (const Page of [BusinessPage, OrganizationalPage, MarketplacePage, AppsPage]) {
      const levels = [...render(Page).matchAll(/<h([1-6])/g)].map((match) => Number(match[1]));
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      for (let i = 1; i < levels.length; i += 1) {
        expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
      }
    }
  });
});

const zero = {
  views: 0,
  postViews: 0,
  profileViews: 0,
  likes: 0,
  comments: 0,
  shares: 0,
  engagementRate: 0,
};

function siteReport(): AnalyticsReport {
  return {
    scope: 'site',
    range: '7d',
    bucket: 'day',
    period: { from: '2026-11-19', to: '2026-11-25' },
    previousPeriod: { from: '2026-11-12', to: '2026-11-18' },
    totals: {
      ...zero,
      views: 1500,
      postViews: 1000,
      profileViews: 500,
      likes: 40,
      comments: 8,
      shares: 2,
      engagementRate: 5,
      activeMembers: 12,
      followersGained: null,
      revenue: 4.5,
      pageViews: 30,
    },
    previous: {
      ...zero,
      views: 1000,
      postViews: 1000,
      engagementRate: 5,
      activeMembers: 0,
      followersGained: null,
      revenue: 9,
      pageViews: 0,
    },
    series: [
      {
        from: '2026-11-25',
        to: '2026-11-25',
        ...zero,
        activeMembers: 0,
        followersGained: null,
        revenue: 0,
        pageViews: 0,
      },
    ],
    currency: 'USD',
  };
}

describe('the analytics page figures', () => {
  it("shows the site's four cards with their changes", () => {
    const cards = statCards(siteReport());
    expect(cards.find((card) => card.key === 'activeMembers')?.hint).toBe(
      'Members who signed in or did anything; 30 visits to the home page',
    );
    expect(cards.map((card) => [card.label, card.value, formatChange(card.change)])).toEqual([
      ['Total views', '1,500', '+50%'],
      ['Active users', '12', 'New this period'],
      ['Engagement rate', '5%', 'No change'],
      ['Revenue', '$4.50', '-50%'],
    ]);
    expect(chartsOf('site', 'USD').map((chart) => chart.title)).toEqual([
      'Views',
      'Engagement rate',
      'Active users',
      'Revenue',
    ]);
  });

  it("shows a member's own cards without revenue, and an empty period as empty", () => {
    const report: AnalyticsReport = {
      ...siteReport(),
      scope: 'me',
      totals: {
        ...siteReport().totals,
        activeMembers: null,
        revenue: null,
        followersGained: 3,
        pageViews: null,
      },
      previous: {
        ...siteReport().previous,
        activeMembers: null,
        revenue: null,
        followersGained: 0,
        pageViews: null,
      },
      currency: null,
    };
    expect(statCards(report).map((card) => card.label)).toEqual([
      'Total views',
      'Engagement rate',
      'Engagements',
      'Followers gained',
    ]);
    expect(hasData(report)).toBe(false);
    expect(chartRows(report)).toEqual([
      {
        label: 'Nov 25',
        views: 0,
        engagements: 0,
        engagementRate: 0,
        activeMembers: 0,
        revenue: 0,
        followersGained: 0,
      },
    ]);
  });
});
