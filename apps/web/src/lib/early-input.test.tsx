import { act } from '@testing-library/react'
import { useState } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { captureEarlyInput } from './early-input'

function Form() {
  const [name, setName] = useState('')
  const [terms, setTerms] = useState(false)
  return (
    <form>
      <input aria-label="Nombre" value={name} onChange={(e) => setName(e.target.value.toUpperCase())} />
      <input aria-label="Acepto" type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
      <output>{`${name}|${terms}`}</output>
    </form>
  )
}

describe('captureEarlyInput', () => {
  it("replays what was typed and ticked in the prerendered page through the hydrated form's handlers", async () => {
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Form />)
    document.body.append(container)
    const [name, terms] = container.querySelectorAll('input')
    name.value = 'camila' // typed before the app started
    terms.checked = true
    const restore = captureEarlyInput(container)

    let root: Root | undefined
    await act(async () => {
      root = hydrateRoot(container, <Form />)
    })
    expect(container.querySelector('input')).toBe(name) // hydration kept the node
    act(() => restore())
    expect(container.querySelector('output')!.textContent).toBe('CAMILA|true')
    expect(name.value).toBe('CAMILA')
    act(() => root!.unmount())
    container.remove()
  })

  it('leaves fields nobody touched alone', () => {
    const root = document.createElement('div')
    root.innerHTML = '<input aria-label="Nombre" value="x">'
    const restore = captureEarlyInput(root)
    const input = root.querySelector('input')!
    let events = 0
    input.addEventListener('input', () => events++)
    restore()
    expect(events).toBe(0)
  })
})
