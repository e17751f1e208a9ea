import type { EventDetails } from '../../../shared/calendar';

/** One of the spec's hard-coded events, its start a number of days after it is first seeded. */
export interface SeededEvent {
  id: string;
  daysAhead: number;
  time: string;
  hostName: string;
  isFeatured: boolean;
  details: Omit<EventDetails, 'date' | 'time' | 'timeZone' | 'startsAt'>;
}

/**
 * The three events of `001` §2 Events, with the capacities of §3 (50, 30, 150). Seed data only:
 * they start with nobody attending (the spec's 45, 28 and 120 were sample counts, not members).
 */
export const seededEvents: readonly SeededEvent[] = [
  {
    id: '6c1f3a52-4f0e-4d51-9a7e-0b6f8e1d2a01',
    daysAhead: 14,
    time: '18:00',
    hostName: 'Agora Events',
    isFeatured: true,
    details: {
      title: 'Tech Innovation Meetup',
      description:
        'An evening of short talks on what members are building, followed by open discussion.',
      location: 'Community Hall, 100 Main Street',
      type: 'in-person',
      maxAttendees: 50,
      tags: ['technology', 'networking'],
      registrationRequired: true,
    },
  },
  {
    id: '6c1f3a52-4f0e-4d51-9a7e-0b6f8e1d2a02',
    daysAhead: 21,
    time: '16:00',
    hostName: 'Agora Events',
    isFeatured: false,
    details: {
      title: 'Design Thinking Workshop',
      description: 'A hands-on online workshop: from a problem statement to a tested prototype.',
      location: 'https://meet.example.com/design-thinking',
      type: 'online',
      maxAttendees: 30,
      tags: ['design', 'workshop'],
      registrationRequired: true,
    },
  },
  {
    id: '6c1f3a52-4f0e-4d51-9a7e-0b6f8e1d2a03',
    daysAhead: 30,
    time: '10:00',
    hostName: 'Agora Events',
    isFeatured: false,
    details: {
      title: 'Community Networking Day',
      description: 'Meet other members, share projects and find collaborators.',
      location: 'Convention Center, Hall B',
      type: 'in-person',
      maxAttendees: 150,
      tags: ['community', 'networking'],
      registrationRequired: false,
    },
  },
];
