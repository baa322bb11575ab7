import {
  CURRENCIES,
  EVENT_CATEGORIES,
  EVENT_TAGS_MAX,
  EVENT_TITLE_MAX,
  LOCATION_TYPES,
  type TechEvent,
  timeZoneOptions,
} from '@commonwork/contracts';
import { useQueryClient } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Loader2 from 'lucide-react/icons/loader-2';
import Plus from 'lucide-react/icons/plus';
import Rocket from 'lucide-react/icons/rocket';
import Save from 'lucide-react/icons/save';
import Trash2 from 'lucide-react/icons/trash-2';
import { useEffect, useState } from 'react';
import { type FieldError, useFieldArray, useForm } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isApiError } from '../../shared/api/index.ts';
import { translateEnglish } from '../../shared/i18n/index.ts';
import { ChipsInput } from '../../shared/ui/ChipsInput.tsx';
import { buttonGhost, buttonPrimary, buttonSecondary, cardClass, inputClass } from '../../shared/ui/classes.ts';
import { FormField } from '../../shared/ui/FormField.tsx';
import { LoadingScreen } from '../../shared/ui/Spinner.tsx';
import { acceptTag } from '../../shared/ui/tags.ts';
import { toast } from '../../shared/ui/toast.ts';
import { ImageUpload } from '../../shared/upload/ImageUpload.tsx';
import { useAuth } from '../auth/AuthProvider.tsx';
import { type DraftNavigationState, draftStateOf, formKeyOf } from '../saved/api.ts';
import { DraftSaveState } from '../saved/DraftSaveState.tsx';
import { ResumeDraftOffer } from '../saved/ResumeDraftOffer.tsx';
import { useDraft } from '../saved/useDraft.ts';
import { createEvent, invalidateEvents, updateEvent, useEvent } from './api.ts';
import { clearedLocation, type EventFormValues, emptyEventForm, formValuesOf, placeFieldsOf, toEventBody } from './eventForm.ts';
import { eventFormResolver } from './eventFormResolver.ts';
import { categoryLabel, locationTypeLabel } from './eventLabels.ts';
import { useT as useFormT } from './form/locales/index.ts';
import { saveFailureText } from './messages.ts';
import { isOrganizer } from './organizer.ts';

/** /events/create; opened from /saved, it continues that draft (spec 001 §2 carried state). */
export function CreateEventPage() {
  const draft = draftStateOf(useLocation().state);
  return <EventForm initial={null} draft={draft} key={formKeyOf(draft)} />;
}

/** /events/edit/:id and /events/:id/edit: the same form, prefilled; a failed load returns to /events. */
export function EditEventPage() {
  const f = useFormT();
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const query = useEvent(id, user?.id ?? null);

  useEffect(() => {
    if (!query.isError) return;
    toast.error(f('events.form.loadFailed'));
    navigate('/events', { replace: true });
  }, [query.isError, navigate, f]);

  if (query.isPending || query.isError) return <LoadingScreen label={f('events.form.loading')} />;
  if (!isOrganizer(query.data, user?.id)) {
    return (
      <div className={`${cardClass} mx-auto max-w-xl text-center`}>
        <p className="font-semibold">{f('events.form.onlyOwn')}</p>
      </div>
    );
  }
  return <EventForm initial={query.data} draft={null} />;
}

const err = (error: FieldError | undefined) => error?.message;

function EventForm({ initial, draft }: { initial: TechEvent | null; draft: DraftNavigationState | null }) {
  const f = useFormT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editing = initial !== null;
  const [saving, setSaving] = useState(false);
  const form = useForm<EventFormValues>({
    resolver: eventFormResolver,
    defaultValues: initial ? formValuesOf(initial) : { ...emptyEventForm(), ...(draft?.draftData as Partial<EventFormValues>) },
  });
  const savedDraft = useDraft({ type: 'event', form, opened: draft, autosave: !editing });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const { errors } = formState;
  const agenda = useFieldArray({ control: form.control, name: 'agenda' });
  const requirements = useFieldArray({ control: form.control, name: 'requirements' });
  // The whole location is watched: the type select replaces it at once, and a watch of 'location.type'
  // alone is not woken by a change of its parent, so the select showed the old type until the next render.
  const locationType = watch('location').type;
  const places = placeFieldsOf(locationType);
  const tags = watch('tags');
  const image = watch('images')[0] ?? null;

  const submit = handleSubmit(async (values) => {
    setSaving(true);
    try {
      const body = toEventBody(values, 'published');
      if (editing) await updateEvent(initial.id, body);
      else {
        // Published from a saved draft: the server removes the draft once the event is out.
        const draftId = await savedDraft.settle();
        await createEvent(draftId ? { ...body, draftId } : body);
      }
      toast.success(editing ? f('events.form.updated') : f('events.form.created'));
      await invalidateEvents(queryClient);
      navigate('/events');
    } catch (error) {
      // One toast for the form's failures: a second attempt replaces the first instead of piling up.
      const fallback = f('events.form.saveFailed');
      toast.error(isApiError(error) ? saveFailureText(errorMessage(error, fallback), error.details) : fallback, { id: 'event-form' });
      savedDraft.resume();
    } finally {
      setSaving(false);
    }
  });

  const field = (id: string) => ({ id, 'aria-invalid': Boolean(errors[id as keyof typeof errors]) || undefined });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <button type="button" className={buttonGhost} onClick={() => navigate(-1)}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {f('events.form.back')}
      </button>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          {editing ? f('events.form.editTitle') : f('events.form.createTitle')}
        </h1>
        {!editing && <DraftSaveState draft={savedDraft} />}
        {!editing && savedDraft.draftId === null && <ResumeDraftOffer type="event" ownDraftId={savedDraft.ownDraftId} />}
      </div>

      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6">
        <section className={`${cardClass} space-y-4`} aria-label={f('events.form.basics')}>
          <FormField id="title" label={f('events.form.title')} error={err(errors.title)}>
            <input {...register('title')} {...field('title')} className={inputClass} maxLength={EVENT_TITLE_MAX} />
          </FormField>
          <FormField id="description" label={f('events.form.description')} error={err(errors.description)}>
            <textarea {...register('description')} {...field('description')} rows={5} className={inputClass} />
          </FormField>
          <FormField id="category" label={f('events.form.category')} error={err(errors.category)}>
            <select {...register('category')} {...field('category')} className={inputClass}>
              <option value="">{f('events.form.selectCategory')}</option>
              {EVENT_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {categoryLabel(c)}
                </option>
              ))}
            </select>
          </FormField>
          <ImageUpload
            label={f('events.form.image')}
            type="event"
            folder="events"
            value={image}
            onChange={(next) => setValue('images', next ? [next] : [], { shouldDirty: true })}
          />
        </section>

        <section className={`${cardClass} grid gap-4 sm:grid-cols-2`} aria-label={f('events.form.when')}>
          <FormField id="date" label={f('events.form.startDate')} error={err(errors.date)}>
            <input type="date" {...register('date')} {...field('date')} className={inputClass} />
          </FormField>
          <FormField id="time" label={f('events.form.startTime')} error={err(errors.time)}>
            <input type="time" {...register('time')} {...field('time')} className={inputClass} />
          </FormField>
          <FormField id="endDate" label={f('events.form.endDate')} error={err(errors.endDate)}>
            <input type="date" {...register('endDate')} id="endDate" className={inputClass} />
          </FormField>
          <FormField id="endTime" label={f('events.form.endTime')} error={err(errors.endTime)}>
            <input type="time" {...register('endTime')} id="endTime" className={inputClass} />
          </FormField>
          <FormField id="timeZone" label={f('events.form.timeZone')} error={err(errors.timeZone)}>
            <select {...register('timeZone')} id="timeZone" className={inputClass}>
              {timeZoneOptions(watch('timeZone')).map((zone) => (
                <option key={zone}>{zone}</option>
              ))}
            </select>
          </FormField>
          <FormField id="rsvpDeadline" label={f('events.form.rsvpDeadline')} error={err(errors.rsvpDeadline)}>
            <input type="date" {...register('rsvpDeadline')} id="rsvpDeadline" className={inputClass} />
          </FormField>
        </section>

        <section className={`${cardClass} space-y-4`} aria-label={f('events.form.where')}>
          <FormField id="locationType" label={f('events.form.locationType')} error={err(errors.location?.type)}>
            <select
              id="locationType"
              className={inputClass}
              value={locationType}
              onChange={(e) => setValue('location', clearedLocation(e.target.value), { shouldDirty: true })}
            >
              <option value="">{f('events.form.selectLocationType')}</option>
              {LOCATION_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {locationTypeLabel(type.value)}
                </option>
              ))}
            </select>
          </FormField>
          {places.venue && (
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="venue" label={f('events.form.venue')} error={err(errors.location?.venue)}>
                <input {...register('location.venue')} id="venue" className={inputClass} />
              </FormField>
              <FormField id="address" label={f('events.form.address')} error={err(errors.location?.address)}>
                <input {...register('location.address')} id="address" className={inputClass} />
              </FormField>
              <FormField id="city" label={f('events.form.city')} error={err(errors.location?.city)}>
                <input {...register('location.city')} id="city" className={inputClass} />
              </FormField>
              <FormField id="country" label={f('events.form.country')} error={err(errors.location?.country)}>
                <input {...register('location.country')} id="country" className={inputClass} />
              </FormField>
            </div>
          )}
          {places.link && (
            <FormField id="meetingLink" label={f('events.form.meetingLink')} error={err(errors.location?.meetingLink)}>
              <input type="url" {...register('location.meetingLink')} id="meetingLink" className={inputClass} placeholder="https://" />
            </FormField>
          )}
        </section>

        <section className={`${cardClass} grid gap-4 sm:grid-cols-3`} aria-label={f('events.form.tickets')}>
          <FormField id="price" label={f('events.form.price')} error={err(errors.price)}>
            <input type="number" min={0} step={0.01} {...register('price')} id="price" className={inputClass} />
          </FormField>
          <FormField id="currency" label={f('events.form.currency')}>
            <select {...register('currency')} id="currency" className={inputClass}>
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </FormField>
          <FormField
            id="maxAttendees"
            label={f('events.form.maxAttendees')}
            error={err(errors.maxAttendees)}
            hint={f('events.form.unlimitedHint')}
          >
            <input type="number" min={1} step={1} {...register('maxAttendees')} id="maxAttendees" className={inputClass} />
          </FormField>
        </section>

        <section className={`${cardClass} space-y-3`} aria-labelledby="agenda-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="agenda-title" className="font-semibold">
              {f('events.form.agenda')}
            </h2>
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => agenda.append({ time: '', title: '', description: '', speaker: '' })}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              {f('events.form.addAgendaItem')}
            </button>
          </div>
          {agenda.fields.map((item, i) => (
            <fieldset key={item.id} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700">
              <legend className="sr-only">{f('events.form.agendaItem', { number: i + 1 })}</legend>
              <FormField id={`agenda-${i}-time`} label={f('events.form.time')} error={err(errors.agenda?.[i]?.time)}>
                <input {...register(`agenda.${i}.time`)} id={`agenda-${i}-time`} className={inputClass} placeholder="18:30" />
              </FormField>
              <FormField id={`agenda-${i}-title`} label={f('events.form.sessionTitle')} error={err(errors.agenda?.[i]?.title)}>
                <input {...register(`agenda.${i}.title`)} id={`agenda-${i}-title`} className={inputClass} />
              </FormField>
              <FormField id={`agenda-${i}-speaker`} label={f('events.form.speaker')}>
                <input {...register(`agenda.${i}.speaker`)} id={`agenda-${i}-speaker`} className={inputClass} />
              </FormField>
              <FormField id={`agenda-${i}-description`} label={f('events.form.details')}>
                <input {...register(`agenda.${i}.description`)} id={`agenda-${i}-description`} className={inputClass} />
              </FormField>
              <button type="button" className={`${buttonGhost} sm:col-span-2 justify-self-end`} onClick={() => agenda.remove(i)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {f('events.form.removeAgendaItem', { number: i + 1 })}
              </button>
            </fieldset>
          ))}
        </section>

        <section className={`${cardClass} space-y-3`} aria-labelledby="requirements-title">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="requirements-title" className="font-semibold">
              {f('events.form.requirements')}
            </h2>
            <button type="button" className={buttonSecondary} onClick={() => requirements.append({ text: '' })}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {f('events.form.addRequirement')}
            </button>
          </div>
          {requirements.fields.map((item, i) => (
            <div key={item.id} className="flex items-start gap-2">
              <div className="flex-1">
                <FormField
                  id={`requirement-${i}`}
                  label={f('events.form.requirement', { number: i + 1 })}
                  error={err(errors.requirements?.[i]?.text)}
                >
                  <input {...register(`requirements.${i}.text`)} id={`requirement-${i}`} className={inputClass} />
                </FormField>
              </div>
              <button
                type="button"
                className={`${buttonGhost} mt-6`}
                onClick={() => requirements.remove(i)}
                aria-label={f('events.form.removeRequirement', { number: i + 1 })}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          ))}
        </section>

        <section className={cardClass}>
          <ChipsInput
            id="event-tags"
            label={f('events.form.tags')}
            chips={tags}
            onChange={(next) => setValue('tags', next, { shouldDirty: true })}
            accept={acceptTag}
            placeholder={f('events.form.tagPlaceholder')}
            listLabel={f('events.form.tagList')}
            addLabel={f('events.form.addTag')}
            hint={f('events.form.tagCount', { count: tags.length, max: EVENT_TAGS_MAX })}
          />
          {errors.tags && <p className="mt-1 text-sm text-red-600">{translateEnglish(err(errors.tags as FieldError) ?? '')}</p>}
        </section>

        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonSecondary} onClick={() => navigate('/events')}>
            {f('events.form.cancel')}
          </button>
          {!editing && (
            <button type="button" className={buttonSecondary} onClick={() => void savedDraft.save()} disabled={saving || savedDraft.saving}>
              {savedDraft.saving ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <Save className="h-4 w-4" aria-hidden="true" />
              )}
              {savedDraft.draftId ? f('events.form.updateDraft') : f('events.form.saveDraft')}
            </button>
          )}
          <button type="submit" className={buttonPrimary} disabled={saving}>
            {saving ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Rocket className="h-4 w-4" aria-hidden="true" />}
            {editing ? f('events.form.update') : f('events.form.publish')}
          </button>
        </div>
      </form>
    </div>
  );
}
