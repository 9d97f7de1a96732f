import type { Today } from '@app/contracts'

// One day's session as GET /client/today answers it, for the tests of "Hoy" (the page and the
// HTML's own day, decision 254): each test names only what it is about.

export type SessionItem = Today['data'][number]['items'][number]

export const exerciseFixture = (id: string, nameEs: string, nameEn: string): SessionItem['exercise'] => ({
  id,
  nameEs,
  nameEn,
  cues: [],
  videoUrl: null,
  imageUrl: null,
})

/** An exercise of the day: 2 sets of 8 at 40 kg unless the test says otherwise. */
export const itemFixture = (item: Partial<SessionItem> & Pick<SessionItem, 'key' | 'exerciseId' | 'exercise'>): SessionItem => ({
  sets: 2,
  reps: { min: 8, max: 8 },
  seconds: null,
  load: null,
  restSeconds: null,
  tempo: null,
  notes: '',
  group: null,
  logged: [],
  lastTime: null,
  ...item,
})

/** Week 2, day 1 ("Push") of "Fuerza base", on 2026-12-07, nothing done yet. */
export const sessionFixture = (items: SessionItem[]): Today['data'][number] => ({
  sessionId: null,
  assignmentId: '2a9f6c1e-4b3d-4e7a-8c5f-0d1e2f3a4b5c',
  programId: 'p1',
  programTitle: 'Fuerza base',
  version: 1,
  trainerName: 'Camila Rojas',
  week: 2,
  day: 1,
  title: 'Push',
  scheduledOn: '2026-12-07',
  completedAt: null,
  comment: null,
  trainerReply: null,
  items,
})
