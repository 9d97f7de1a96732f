import type { Exercise } from '@app/contracts'
import { PROGRAM_LIMITS } from '@app/contracts'
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Copy, GripVertical, Link2, Trash2, Unlink2 } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { cn } from '@/lib/utils'
import {
  groupLabels,
  linkedWithNext,
  linkWithNext,
  moveItem,
  newItem,
  normalizeGroups,
  unlinkFromNext,
  type DraftDay,
  type DraftItem,
  type DraftWeek,
} from '../lib/draft'
import { exerciseName } from '../lib/names'
import { ExercisePicker } from './exercise-picker'
import { ItemDialog } from './item-dialog'
import { useItemSummary } from './item-summary'

const selectClass =
  'flex h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-sm focus-visible:border-ring'

interface DayEditorProps {
  week: DraftWeek
  weekNumber: number
  day: DraftDay
  /** Indexes of items the last save attempt found wrong, with the text to show. */
  problems?: Map<number, string>
  dayProblem?: string
  onChange: (day: DraftDay) => void
  onDayNumber: (n: number) => void
  onDuplicate: () => void
  onRemove: () => void
}

function SortableItem({
  item,
  index,
  count,
  group,
  problem,
  onChange,
  onRemove,
}: {
  item: DraftItem
  index: number
  count: number
  group?: { label: string; kind: 'superset' | 'circuit' }
  problem?: string
  onChange: (item: DraftItem) => void
  onRemove: () => void
}) {
  const { t, i18n } = useTranslation('program-builder', { keyPrefix: 'day' })
  const summary = useItemSummary()
  const name = exerciseName(item.exercise, i18n.language) || t('unknownExercise')
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.uid })
  const problemId = useId()
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex min-w-0 items-start gap-2 rounded-md border bg-background p-2',
        group && 'border-l-4 border-l-primary',
        isDragging && 'relative z-10 shadow-lg',
        problem && 'border-destructive',
      )}
      data-testid="program-item"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('move', { name, position: index + 1, count })}
        className="inline-flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-accent"
      >
        <GripVertical className="size-5" aria-hidden="true" />
      </button>
      <div className="grid min-w-0 flex-1 gap-1 py-1">
        <p className="flex flex-wrap items-center gap-2 font-medium break-words">
          <span>
            <span className="text-muted-foreground">{index + 1}. </span>
            {name}
          </span>
          {group ? <Badge variant="secondary">{t(`group.${group.kind}`, { label: group.label })}</Badge> : null}
        </p>
        <p className="text-sm text-muted-foreground">{summary(item)}</p>
        {item.notes ? <p className="text-sm break-words">{item.notes}</p> : null}
        {problem ? (
          <p id={problemId} className="text-sm text-destructive-strong">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <ItemDialog name={name} item={item} onSave={(fields) => onChange({ ...item, ...fields })} />
        <Button variant="ghost" size="icon" onClick={onRemove} aria-label={t('remove', { name })}>
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}

/** One training day: its weekday and title, its exercises in order (drag and drop, or the keyboard), groups and the library picker. */
export function DayEditor({ week, weekNumber, day, problems, dayProblem, onChange, onDayNumber, onDuplicate, onRemove }: DayEditorProps) {
  const { t, i18n } = useTranslation('program-builder', { keyPrefix: 'day' })
  const headingId = useId()
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const labels = groupLabels(day.items)
  const dayLabel = t('label', { week: weekNumber, day: day.day })
  const nameOf = (id: UniqueIdentifier) => {
    const item = day.items.find((i) => i.uid === id)
    return item ? exerciseName(item.exercise, i18n.language) : ''
  }
  const position = (id: UniqueIdentifier | undefined) => day.items.findIndex((i) => i.uid === id) + 1
  const count = day.items.length
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.start', { name: nameOf(active.id), position: position(active.id), count }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.over', { name: nameOf(active.id), position: position(over.id), count }) : t('dnd.outside', { name: nameOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.end', { name: nameOf(active.id), position: position(over.id), count }) : t('dnd.outside', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('dnd.cancel', { name: nameOf(active.id), position: position(active.id) }),
  }
  const instructions: ScreenReaderInstructions = { draggable: t('dnd.instructions') }
  const setItems = (items: DraftItem[]) => onChange({ ...day, items })
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    setItems(moveItem(day.items, position(active.id) - 1, position(over.id) - 1))
  }
  const usedDays = new Set(week.days.filter((d) => d.uid !== day.uid).map((d) => d.day))
  const full = week.days.length >= 7

  return (
    <section aria-labelledby={headingId} className="min-w-0" data-testid="program-day">
      <Card className="min-w-0 gap-4 py-4">
        <CardHeader className="gap-3 px-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={headingId} className="text-lg font-semibold">
              {dayLabel}
              {day.title ? <span className="font-normal text-muted-foreground"> · {day.title}</span> : null}
            </h3>
            <div className="flex flex-wrap gap-1">
              <Button variant="ghost" size="sm" onClick={onDuplicate} disabled={full} aria-label={t('duplicate', { day: dayLabel })}>
                <Copy aria-hidden="true" />
                {t('duplicateShort')}
              </Button>
              <Button variant="ghost" size="sm" onClick={onRemove} aria-label={t('removeDay', { day: dayLabel })}>
                <Trash2 aria-hidden="true" />
                {t('removeDayShort')}
              </Button>
            </div>
          </div>
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <FormField
              label={t('weekday')}
              render={(aria) => (
                <select {...aria} className={selectClass} value={day.day} onChange={(e) => onDayNumber(Number(e.target.value))}>
                  {[1, 2, 3, 4, 5, 6, 7].map((n) => (
                    <option key={n} value={n} disabled={usedDays.has(n)}>
                      {t('dayN', { day: n })}
                    </option>
                  ))}
                </select>
              )}
            />
            <FormField
              label={t('title')}
              value={day.title}
              maxLength={80}
              placeholder={t('titlePlaceholder')}
              onChange={(e) => onChange({ ...day, title: e.target.value })}
            />
          </div>
        </CardHeader>
        <CardContent className="grid gap-3 px-4">
          {day.items.length === 0 ? (
            <p
              className={cn(
                'rounded-md border border-dashed p-4 text-center text-sm',
                dayProblem ? 'border-destructive text-destructive-strong' : 'text-muted-foreground',
              )}
            >
              {dayProblem ?? t('empty')}
            </p>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{ announcements, screenReaderInstructions: instructions }}
            >
              <SortableContext items={day.items.map((i) => i.uid)} strategy={verticalListSortingStrategy}>
                <ol className="grid gap-0" aria-label={t('list', { day: dayLabel })}>
                  {day.items.map((item, index) => {
                    const linked = linkedWithNext(day.items, index)
                    const name = exerciseName(item.exercise, i18n.language)
                    const next = day.items[index + 1]
                    return (
                      <li key={item.uid} className="grid">
                        <SortableItem
                          item={item}
                          index={index}
                          count={count}
                          group={item.groupId ? labels.get(item.groupId) : undefined}
                          problem={problems?.get(index)}
                          onChange={(changed) => setItems(day.items.map((i) => (i.uid === item.uid ? changed : i)))}
                          onRemove={() => setItems(normalizeGroups(day.items.filter((_, i) => i !== index)))}
                        />
                        {next ? (
                          <div className={cn('flex items-center gap-2 py-1 pl-3', linked && 'border-l-4 border-l-primary ml-0')}>
                            <Button
                              variant="ghost"
                              size="sm"
                              onClick={() => setItems(linked ? unlinkFromNext(day.items, index) : linkWithNext(day.items, index))}
                              aria-label={
                                linked
                                  ? t('unlink', { name, next: exerciseName(next.exercise, i18n.language) })
                                  : t('link', { name, next: exerciseName(next.exercise, i18n.language) })
                              }
                            >
                              {linked ? <Unlink2 aria-hidden="true" /> : <Link2 aria-hidden="true" />}
                              {linked ? t('unlinkShort') : t('linkShort')}
                            </Button>
                          </div>
                        ) : null}
                      </li>
                    )
                  })}
                </ol>
              </SortableContext>
            </DndContext>
          )}
          <div>
            <ExercisePicker
              dayLabel={dayLabel}
              disabled={day.items.length >= PROGRAM_LIMITS.itemsPerDay}
              onAdd={(exercise: Exercise) => setItems([...day.items, newItem(exercise.id, exercise)])}
            />
          </div>
        </CardContent>
      </Card>
    </section>
  )
}
