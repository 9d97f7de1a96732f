/* global document, window */
// Until a prerendered page's app has started (it starts on first use, src/main.tsx), this small
// script, inlined in the HTML, gives the person's first taps and keys their reaction at once
// (docs/decisions/043, 205):
//  - clicks on buttons are recorded and replayed by src/main.tsx once React has hydrated. The button
//    shows it was pressed at once: a menu button (aria-expanded + aria-controls of a hidden element)
//    opens or closes its menu, any other gets `data-early-click` (a pending look, index.css). Both
//    are undone when the clicks are taken, just before they are replayed through the app. Links and
//    <details> work without scripts and are left alone.
//  - a field's live checklist (an element named by its aria-describedby with items carrying
//    `data-rule`, a regular expression) ticks its items (`data-ok`) as the person types.
;(function () {
  var clicks = []
  var toggled = []
  function onClick(event) {
    var target = event.target
    var button = target && target.closest ? target.closest('#root button') : null
    if (!button || button.disabled) return
    // No native form submission or double handling: the app will do what the click asked.
    event.preventDefault()
    event.stopPropagation()
    clicks.push(button)
    var controls = button.getAttribute('aria-controls')
    var menu = controls && button.hasAttribute('aria-expanded') ? document.getElementById(controls) : null
    // A menu that starts hidden opens (and closes) at once; it is closed again before the replay.
    if (menu && (toggled.indexOf(button) >= 0 || menu.hidden)) {
      if (toggled.indexOf(button) < 0) toggled.push(button, menu)
      menu.hidden = !menu.hidden
      button.setAttribute('aria-expanded', String(!menu.hidden))
    } else button.setAttribute('data-early-click', '')
  }
  function onInput(event) {
    var field = event.target
    var ids = field && field.getAttribute ? (field.getAttribute('aria-describedby') || '').split(' ') : []
    for (var i = 0; i < ids.length; i++) {
      var hint = ids[i] && document.getElementById(ids[i])
      var items = hint ? hint.querySelectorAll('[data-rule]') : []
      for (var j = 0; j < items.length; j++) items[j].setAttribute('data-ok', String(new RegExp(items[j].getAttribute('data-rule')).test(field.value)))
    }
  }
  // Whether the person has used the page already (a tap, a key, a field focused): on a slow network
  // that can happen before the app's code has even run, and would not happen again to start it.
  var used = false
  function onUse() {
    used = true
  }
  var uses = ['pointerdown', 'touchstart', 'keydown', 'focusin']
  for (var u = 0; u < uses.length; u++) document.addEventListener(uses[u], onUse, { capture: true, passive: true })
  document.addEventListener('click', onClick, true)
  document.addEventListener('input', onInput, true)
  // src/main.tsx starts the app at once when a click is waiting or the page was used before it ran
  // (else on the first use after it).
  window.__earlyClicksPending = function () {
    return clicks.length > 0
  }
  window.__pageUsedEarly = function () {
    return used
  }
  window.__takeEarlyClicks = function () {
    document.removeEventListener('click', onClick, true)
    // The app renders the checklist from the form's value from here on (the same rules).
    document.removeEventListener('input', onInput, true)
    for (var u = 0; u < uses.length; u++) document.removeEventListener(uses[u], onUse, true)
    // Back to what the app rendered: the replayed clicks do it again, through the app.
    for (var i = 0; i < toggled.length; i += 2) {
      toggled[i + 1].hidden = true
      toggled[i].setAttribute('aria-expanded', 'false')
    }
    toggled = []
    for (var k = 0; k < clicks.length; k++) clicks[k].removeAttribute('data-early-click')
    return clicks.splice(0)
  }
})()
