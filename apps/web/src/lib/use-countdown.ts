import { useEffect, useState } from 'react'

/** 125 → '2:05'. */
export const formatCountdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/** Whole seconds left until `until` (ms since epoch), ticking once a second; 0 when past. */
export function useCountdown(until: number | null) {
  const left = () => (until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0)
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    setSeconds(left())
    if (!until) return
    const timer = setInterval(() => {
      const next = left()
      setSeconds(next)
      if (next === 0) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until])
  return seconds
}
