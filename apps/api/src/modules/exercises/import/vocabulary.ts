import type { Equipment, Muscle } from '@app/contracts'

// How the open data sets' words map onto ours (packages/contracts/src/exercises.ts). A word we
// have no match for is dropped (and counted in the report), never guessed.

type Category = 'strength' | 'cardio' | 'plyometrics' | 'weightlifting' | 'mobility' | 'stretching'
type Level = 'beginner' | 'intermediate' | 'advanced'

/** free-exercise-db (github.com/yuhonas/free-exercise-db): its enumerations, lower case. */
export const freeExerciseDb = {
  muscles: {
    abdominals: 'abs',
    abductors: 'abductors',
    adductors: 'adductors',
    biceps: 'biceps',
    calves: 'calves',
    chest: 'chest',
    forearms: 'forearms',
    glutes: 'glutes',
    hamstrings: 'hamstrings',
    lats: 'lats',
    'lower back': 'lower_back',
    'middle back': 'upper_back',
    neck: 'traps',
    quadriceps: 'quads',
    shoulders: 'shoulders',
    traps: 'traps',
    triceps: 'triceps',
  } as Record<string, Muscle>,
  equipment: {
    'body only': 'bodyweight',
    machine: 'machine',
    'foam roll': 'foam_roller',
    kettlebells: 'kettlebell',
    dumbbell: 'dumbbell',
    cable: 'cable',
    barbell: 'barbell',
    bands: 'band',
    'medicine ball': 'medicine_ball',
    'e-z curl bar': 'ez_bar',
  } as Record<string, Equipment>,
  levels: { beginner: 'beginner', intermediate: 'intermediate', expert: 'advanced' } as Record<string, Level>,
  categories: {
    strength: 'strength',
    powerlifting: 'strength',
    strongman: 'strength',
    'olympic weightlifting': 'weightlifting',
    plyometrics: 'plyometrics',
    cardio: 'cardio',
    stretching: 'stretching',
  } as Record<string, Category>,
}

/** wger (wger.de, /api/v2/exerciseinfo/): muscles by Latin name or English name, lower case. */
export const wger = {
  muscles: {
    'biceps brachii': 'biceps',
    brachialis: 'biceps',
    'anterior deltoid': 'shoulders',
    'pectoralis major': 'chest',
    'triceps brachii': 'triceps',
    'rectus abdominis': 'abs',
    'obliquus externus abdominis': 'obliques',
    gastrocnemius: 'calves',
    soleus: 'calves',
    'gluteus maximus': 'glutes',
    trapezius: 'traps',
    'quadriceps femoris': 'quads',
    'biceps femoris': 'hamstrings',
    'latissimus dorsi': 'lats',
    'erector spinae': 'lower_back',
    biceps: 'biceps',
    shoulders: 'shoulders',
    chest: 'chest',
    triceps: 'triceps',
    abs: 'abs',
    obliques: 'obliques',
    calves: 'calves',
    glutes: 'glutes',
    quads: 'quads',
    hamstrings: 'hamstrings',
    lats: 'lats',
    traps: 'traps',
    'lower back': 'lower_back',
  } as Record<string, Muscle>,
  equipment: {
    barbell: 'barbell',
    'sz-bar': 'ez_bar',
    dumbbell: 'dumbbell',
    'gym mat': 'bodyweight',
    'pull-up bar': 'pull_up_bar',
    'none (bodyweight exercise)': 'bodyweight',
    bench: 'bench',
    'incline bench': 'bench',
    kettlebell: 'kettlebell',
    'resistance band': 'band',
    cable: 'cable',
    machine: 'machine',
  } as Record<string, Equipment>,
  /** wger's categories are body parts; only cardio and stretching say what kind of work it is. */
  categories: { cardio: 'cardio', stretching: 'stretching' } as Record<string, Category>,
  /** wger's language ids. */
  languages: { en: 2, es: 4 },
}

/** Maps each word, keeps known ones once, and says which were dropped. */
export function mapWords<T extends string>(words: (string | null | undefined)[], table: Record<string, T>) {
  const kept: T[] = []
  const dropped: string[] = []
  for (const word of words) {
    if (!word) continue
    const ours = table[word.trim().toLowerCase()]
    if (!ours) dropped.push(word)
    else if (!kept.includes(ours)) kept.push(ours)
  }
  return { kept, dropped }
}
