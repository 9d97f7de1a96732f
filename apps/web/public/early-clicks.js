/* global document, window */
// Clicks on the prerendered landing page's buttons before its JavaScript has started would be
// lost: this records them, and src/main.tsx replays them once React has hydrated
// (docs/decisions/043). Links and <details> work without scripts and are left alone.
;(function () {
  var clicks = []
  function onClick(event) {
    var target = event.target
    var button = target && target.closest ? target.closest('#root button') : null
    if (!button || button.disabled) return
    // No native form submission or double handling: the app will do what the click asked.
    event.preventDefault()
    event.stopPropagation()
    clicks.push(button)
  }
  document.addEventListener('click', onClick, true)
  // src/main.tsx starts the app at once when a click is waiting (else on the first use after it).
  window.__earlyClicksPending = function () {
    return clicks.length > 0
  }
  window.__takeEarlyClicks = function () {
    document.removeEventListener('click', onClick, true)
    return clicks.splice(0)
  }
})()
