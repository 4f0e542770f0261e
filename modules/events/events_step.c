/*
 * events_step.c — the events module inside a step (SPEC events): the
 * signals at the kernel's layer moments (@state-end, @transition-start,
 * @transition-end, @loop, each followed by its named action event), and at
 * the end of the step the payload snapshot, the details of every defined
 * occurrence and the `event:` listeners queued for the next step.
 * Allocates nothing: the per-player instance holds every resolved field.
 */
#include <math.h>
#include <string.h>

#include "events.h"

/* The instance: pending completions per layer, then one detail per
 * definition, the resolved fields, and their colour texts. */
typedef struct events_instance {
  events_pending *pending;
  anima_event_detail *details;
  anima_event_field *fields;
  char (*colors)[ANIMA_FORMAT_CAPACITY];
} events_instance;

static size_t round16(size_t size) {
  return (size + 15) & ~(size_t)15;
}

static size_t pending_offset(void) {
  return round16(sizeof(events_instance));
}
static size_t details_offset(const events_data *data) {
  return pending_offset() + round16(data->layer_count * sizeof(events_pending));
}
static size_t fields_offset(const events_data *data) {
  return details_offset(data) +
         round16(data->def_count * sizeof(anima_event_detail));
}
static size_t colors_offset(const events_data *data) {
  return fields_offset(data) +
         round16(data->field_total * sizeof(anima_event_field));
}

size_t events_instance_size(const void *data, void *user) {
  (void)user;
  const events_data *d = data;
  return colors_offset(d) + d->field_total * ANIMA_FORMAT_CAPACITY;
}

/* The instance's tables (its pointers are set on first use: instances are
 * zeroed at creation and never move). */
static events_instance *tables(const events_data *data, void *instance) {
  events_instance *self = instance;
  if (!self->details && !self->pending) {
    unsigned char *base = instance;
    self->pending = (events_pending *)(base + pending_offset());
    self->details = (anima_event_detail *)(base + details_offset(data));
    self->fields = (anima_event_field *)(base + fields_offset(data));
    self->colors = (char(*)[ANIMA_FORMAT_CAPACITY])(base + colors_offset(data));
  }
  return self;
}

/* ---- the signals -------------------------------------------------------- */

static const events_edge *edge_of(const events_data *data,
                                  const anima_layer_moment *moment) {
  if (moment->edge_state < 0 ||
      (size_t)moment->edge_state >= data->state_count) {
    return NULL;
  }
  const events_state *owner = &data->states[moment->edge_state];
  return moment->edge_index < owner->edge_count
             ? &data->edges[owner->first_edge + moment->edge_index]
             : NULL;
}

static void report_signal(anima_step *step, const events_data *data,
                          const char *name, size_t layer, size_t state) {
  const anima_event_detail *detail =
      state < data->state_count ? &data->states[state].signal : NULL;
  events_host->step_report_detail(step, name, (long)layer, 0, detail);
}

static void report_named(anima_step *step, const char *name, size_t layer) {
  if (name) {
    events_host->step_report(step, name, (long)layer, 0);
  }
}

void events_observe(anima_step *step, const void *data_, void *instance,
                    const anima_layer_moment *moment, void *user) {
  (void)user;
  const events_data *data = data_;
  events_instance *self = tables(data, instance);
  size_t layer = moment->layer;
  events_pending *pending =
      layer < data->layer_count ? &self->pending[layer] : NULL;
  const events_edge *edge = edge_of(data, moment);
  switch (moment->kind) {
  case ANIMA_LAYER_EXIT:
    /* A crossfade still running is interrupted: no completion. */
    if (pending) {
      pending->active = false;
    }
    report_signal(step, data, data->state_end, layer, moment->state);
    report_named(step,
                 moment->state < data->state_count
                     ? data->states[moment->state].end_emit
                     : NULL,
                 layer);
    break;
  case ANIMA_LAYER_START:
    report_signal(step, data, data->transition_start, layer, moment->state);
    report_named(step, edge ? edge->start_emit : NULL, layer);
    break;
  case ANIMA_LAYER_ENTER:
    if (moment->crossfade > 0) {
      if (pending) {
        *pending = (events_pending){.active = true,
                                    .state = moment->state,
                                    .end_emit = edge ? edge->end_emit : NULL};
      }
      break;
    }
    /* Zero, reduced-motion and fully carried blends end right away,
     * immediately before the target's entry emit. */
    report_signal(step, data, data->transition_end, layer, moment->state);
    report_named(step, edge ? edge->end_emit : NULL, layer);
    break;
  case ANIMA_LAYER_FADE_END: {
    bool known = pending && pending->active;
    const char *end_emit = known ? pending->end_emit : NULL;
    if (pending) {
      pending->active = false;
    }
    report_signal(step, data, data->transition_end, layer,
                  known ? pending->state : moment->state);
    report_named(step, end_emit, layer);
    break;
  }
  case ANIMA_LAYER_WRAP:
    events_host->step_report(step, data->loop, (long)layer, 0);
    break;
  }
}

/* ---- the end of the step ------------------------------------------------ */

/* Resolves definition `d`'s payload into the instance (one snapshot for
 * every occurrence of this step). */
static void resolve(anima_step *step, const events_data *data,
                    events_instance *self, size_t d) {
  const anima_host *h = events_host;
  const events_def *def = &data->defs[d];
  for (size_t i = 0; i < def->field_count; i++) {
    const events_field *field = &def->fields[i];
    anima_event_field *out = &self->fields[def->first_field + i];
    *out = (anima_event_field){.name = field->name, .type = field->type};
    anima_value value = {0};
    switch (field->source) {
    case EVENTS_SOURCE_LITERAL:
      out->number = field->number;
      out->boolean = field->boolean;
      out->text = field->text;
      continue;
    case EVENTS_SOURCE_INPUT:
      value = h->step_input(step, (size_t)field->index);
      break;
    case EVENTS_SOURCE_EXPRESSION:
      /* The final inputs of the step, as an input source reads them (the
       * kernel makes a non-finite number 0, as an expression set does). */
      value = h->step_value_expression(step, field->expression);
      break;
    case EVENTS_SOURCE_SLOT: {
      const anima_value *slot = h->step_value(step, (size_t)field->index);
      if (slot) {
        value = *slot;
      }
      break;
    }
    }
    switch (field->type) {
    case ANIMA_EVENT_FIELD_NUMBER:
      out->number = value.type == ANIMA_VALUE_BOOL ? (value.as.boolean ? 1 : 0)
                                                   : value.as.number;
      break;
    case ANIMA_EVENT_FIELD_BOOL:
      out->boolean = value.as.boolean;
      break;
    case ANIMA_EVENT_FIELD_COLOR: {
      char *text = self->colors[def->first_field + i];
      h->format_color(value.as.color, text);
      out->text = text;
      break;
    }
    case ANIMA_EVENT_FIELD_STRING:
      break;
    }
  }
  self->details[d] = (anima_event_detail){
      .struct_size = sizeof(anima_event_detail),
      .has_payload = def->has_payload,
      .payload = def->field_count > 0 ? &self->fields[def->first_field] : NULL,
      .payload_count = def->field_count,
      .url = def->url,
      .target = def->target,
      .audio = def->audio,
      .volume = def->volume,
      .gain = def->gain,
      .audio_source = def->audio_source,
      .clip_start = def->clip_start,
      .clip_end = def->clip_end,
      .has_clip_end = def->has_clip_end};
}

static long find_definition(const events_data *data, const char *name) {
  for (size_t d = 0; d < data->def_count; d++) {
    if (data->defs[d].name == name || strcmp(data->defs[d].name, name) == 0) {
      return (long)d;
    }
  }
  return -1;
}

void events_run(anima_step *step, const void *data_, void *instance,
                void *user) {
  (void)user;
  const anima_host *h = events_host;
  const events_data *data = data_;
  events_instance *self = tables(data, instance);
  size_t count = 0;
  const anima_event *events = h->step_events(step, &count);
  if (count == 0) {
    return;
  }
  for (size_t d = 0; d < data->def_count; d++) {
    resolve(step, data, self, d);
  }
  for (size_t i = 0; i < count; i++) {
    if (!events[i].detail && data->def_count > 0) {
      long d = find_definition(data, events[i].name);
      if (d >= 0) {
        h->step_set_event_detail(step, i, &self->details[d]);
      }
    }
    /* `event:` listeners queue their actions for the next step, once per
     * occurrence, in document order. */
    for (size_t l = 0; l < data->listener_count; l++) {
      if (data->listeners[l].name == events[i].name ||
          strcmp(data->listeners[l].name, events[i].name) == 0) {
        h->step_queue_block(step, data->listeners[l].block);
      }
    }
  }
}

static const anima_stage_hook_desc hook = {
    .struct_size = sizeof hook,
    .stage = ANIMA_STAGE_END,
    .feature = EVENTS_FEATURE,
    .name = EVENTS_HOOK,
    .lifecycle = {.compile = events_compile,
                  .instance_size = events_instance_size},
    .run = events_run,
    .observe = events_observe,
};

anima_status events_register_hook(anima_registrar *registrar) {
  return events_host->add_stage_hook(registrar, &hook);
}
