import { describe, expect, it } from 'vitest'
import { exerciseText } from './exercise-text'

const bulgarian = {
  nameEs: 'Sentadilla búlgara',
  nameEn: 'Bulgarian split squat',
  cues: ['Empeine de atrás sobre la banca', 'Baja recto, como en un ascensor'],
  cuesEn: ['Top of your back foot on the bench', 'Go straight down, like an elevator'],
}

describe('exerciseText', () => {
  it('gives the name and cues in the page language', () => {
    expect(exerciseText(bulgarian, 'en')).toEqual({ name: 'Bulgarian split squat', cues: bulgarian.cuesEn })
    expect(exerciseText(bulgarian, 'en-US')).toEqual({ name: 'Bulgarian split squat', cues: bulgarian.cuesEn })
    expect(exerciseText(bulgarian, 'es')).toEqual({ name: 'Sentadilla búlgara', cues: bulgarian.cues })
  })

  it('falls back to the Spanish cues of a private exercise typed in one language', () => {
    const mine = { nameEs: 'Sentadilla con pausa', nameEn: 'Sentadilla con pausa', cues: ['Pausa de dos segundos abajo'], cuesEn: [] }
    expect(exerciseText(mine, 'en').cues).toEqual(['Pausa de dos segundos abajo'])
  })
})
