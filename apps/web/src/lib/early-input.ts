type Field = HTMLInputElement | HTMLTextAreaElement

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')

/**
 * Gives a field a value the way typing does, so the form's own handlers (React's onChange) see it.
 * React skips the event when the value it last saw equals the new one: the instance setter first
 * tells it '' (React tracks through it), then the prototype's setter puts the value in.
 */
function typeInto(field: Field, value: string) {
  field.value = ''
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

/**
 * Notes what a person typed or ticked in the fields of a prerendered page before the app took it
 * over (what differs from the HTML's own values) and returns the function that does it again once
 * the app is interactive: the form's handlers never saw that input, and a form may reset its
 * fields when it mounts (react-hook-form does). docs/decisions/046.
 */
export function captureEarlyInput(root: ParentNode): () => void {
  const changed = [...root.querySelectorAll<Field>('input, textarea')]
    .filter((field) => (isToggle(field) ? field.checked !== field.defaultChecked : field.value !== field.defaultValue))
    .map((field) => ({ field, value: field.value, checked: isToggle(field) && field.checked }))
  return () => {
    for (const { field, value, checked } of changed.splice(0)) {
      if (!field.isConnected) continue
      if (isToggle(field)) {
        if (field.checked !== checked) field.click()
      } else typeInto(field, value)
    }
  }
}
