export function Placeholder({ title }: { title: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
    </main>
  )
}
