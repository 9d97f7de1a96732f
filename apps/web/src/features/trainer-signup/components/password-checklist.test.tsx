import { PASSWORD_RULES } from '@app/contracts'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PasswordChecklist } from './password-checklist'

const samples = [
  '',
  'a',
  'A',
  '1',
  '!',
  ' ',
  'abcdefg',
  'abcdefgh',
  'Abcdef1!',
  'ñandú Ü 7',
  'pass word',
  '\t\n\t\n\t\n\t\n',
  '😀😀😀😀',
  'ABCDEFGH1',
]

describe('PasswordChecklist', () => {
  // The prerendered page checks the rules from the markup before the app starts (public/early-clicks.js,
  // decision 205): the pattern in data-rule must decide exactly as the rule the form and server use.
  it('carries each rule as a pattern that decides as the rule does', () => {
    render(<PasswordChecklist password="" />)
    const items = within(screen.getByRole('list', { name: 'Requisitos de la contraseña' })).getAllByRole('listitem')
    expect(items).toHaveLength(PASSWORD_RULES.length)
    items.forEach((item, i) => {
      const pattern = new RegExp(item.getAttribute('data-rule')!)
      for (const password of samples)
        expect(pattern.test(password), `${PASSWORD_RULES[i].key} on ${JSON.stringify(password)}`).toBe(PASSWORD_RULES[i].test(password))
    })
  })

  it('keeps the rules of spec §5: 8+ characters (UTF-16 units, as String.length), lower, upper, digit, symbol', () => {
    const passing = (password: string) => PASSWORD_RULES.filter((rule) => rule.test(password)).map((rule) => rule.key)
    expect(passing('abcdefg')).toEqual(['lower'])
    expect(passing('abcdefgh')).toEqual(['length', 'lower'])
    expect(passing('Abcdef1!')).toEqual(['length', 'lower', 'upper', 'digit', 'symbol'])
    expect(passing('\n\n\n\n\n\n\n\n')).toEqual(['length'])
    expect(passing('😀😀😀😀')).toEqual(['length', 'symbol'])
    expect(passing('ñ ñ ñ ñ')).toEqual(['symbol'])
  })

  it('marks each item met or pending from the password, for sight and for screen readers', () => {
    render(<PasswordChecklist password="abc1" />)
    const item = (text: string) => screen.getByText(text).closest('li')!
    expect(item('Una letra minúscula').dataset.ok).toBe('true')
    expect(item('Un número').dataset.ok).toBe('true')
    expect(item('Una letra mayúscula').dataset.ok).toBe('false')
    expect(item('Al menos 8 caracteres').dataset.ok).toBe('false')
    // Both words are in the markup; the item's data-ok shows one (CSS), so a script can switch it.
    expect(within(item('Una letra minúscula')).getByText('(cumplido)').className).toContain('group-data-[ok=true]:inline')
    expect(within(item('Una letra minúscula')).getByText('(pendiente)').className).toContain('group-data-[ok=true]:hidden')
  })
})
