/* model_a11y.c — the root a11y of a compiled model (anima.h, SPEC §10). */
#include "model.h"

anima_a11y_role anima_model_a11y_role(const anima_model *model) {
  return model ? model->a11y.role : ANIMA_ROLE_NONE;
}

const char *anima_model_a11y_label(const anima_model *model) {
  return model ? model->a11y.label : NULL;
}

long anima_model_a11y_activate(const anima_model *model) {
  return model ? model->a11y.activate : -1;
}

long anima_model_a11y_pressed(const anima_model *model) {
  return model ? model->a11y.pressed : -1;
}

long anima_model_a11y_held(const anima_model *model) {
  return model ? model->a11y.held : -1;
}
