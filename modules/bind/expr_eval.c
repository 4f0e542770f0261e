/*
 * expr_eval.c — runs a compiled bind program (expr.h bind_evaluate): a
 * stack machine over numbers (bools as 0/1) and colours that allocates
 * nothing. Every operation makes a non-finite operand 0 where it consumes
 * it (SPEC bind "Expressions and types").
 */
#include <math.h>

#include "expr_internal.h"

/* SPEC §5: round(c) = floor(c + 0.5), clamped to 0..255. */
static uint8_t channel(double a, double b, double t) {
  double c = floor(a + (b - a) * t + 0.5);
  if (!(c > 0)) {
    return 0;
  }
  return c > 255 ? 255 : (uint8_t)c;
}

static anima_color mix_color(anima_color a, anima_color b, double t) {
  return (anima_color){channel(a.r, b.r, t), channel(a.g, b.g, t),
                       channel(a.b, b.b, t), channel(a.a, b.a, t)};
}

static bool same_color(anima_color a, anima_color b) {
  return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

bind_value bind_evaluate(const bind_program *program, bind_read_input read,
                         void *context) {
  bind_value stack[BIND_TOKEN_LIMIT + 1];
  size_t top = 0; /* number of values on the stack */
  const bind_op *ops = program->ops;
  for (uint32_t pc = 0; pc < program->op_count; pc++) {
    const bind_op op = ops[pc];
    bind_value *a = top >= 1 ? &stack[top - 1] : stack;
    bind_value *b = a; /* second operand after a pop */
    switch ((bind_op_code)op.code) {
    case OP_CONSTANT:
      stack[top++] = program->constants[op.arg];
      continue;
    case OP_INPUT:
      stack[top].number = read(context, op.arg);
      top++;
      continue;
    case OP_NEGATE:
      a->number = -bind_finite(a->number);
      continue;
    case OP_NOT:
      a->number = a->number != 0 ? 0 : 1;
      continue;
    case OP_FLOOR:
      a->number = floor(bind_finite(a->number));
      continue;
    case OP_AND_JUMP:
      if (a->number == 0) {
        pc = op.arg - 1; /* keep false */
      } else {
        top--;
      }
      continue;
    case OP_OR_JUMP:
      if (a->number != 0) {
        pc = op.arg - 1; /* keep true */
      } else {
        top--;
      }
      continue;
    case OP_TRUTH:
      continue;
    default:
      break;
    }
    if (op.code == OP_CLAMP || op.code == OP_MIX || op.code == OP_MIX_COLOR) {
      bind_value *x = &stack[top - 3], *y = &stack[top - 2];
      double t = bind_finite(stack[top - 1].number);
      top -= 2;
      if (op.code == OP_MIX_COLOR) {
        x->color = mix_color(x->color, y->color, t);
      } else if (op.code == OP_MIX) {
        double from = bind_finite(x->number), to = bind_finite(y->number);
        x->number = from + (to - from) * t;
      } else {
        /* clamp(x, lo, hi) = min(max(x, lo), hi) */
        double value = bind_finite(x->number), low = bind_finite(y->number);
        value = value > low ? value : low;
        x->number = value < t ? value : t;
      }
      continue;
    }
    /* Binary operations: a is the left operand, b the right. */
    top--;
    a = &stack[top - 1];
    b = &stack[top];
    double l = bind_finite(a->number), r = bind_finite(b->number);
    switch ((bind_op_code)op.code) {
    case OP_ADD:
      a->number = l + r;
      break;
    case OP_SUBTRACT:
      a->number = l - r;
      break;
    case OP_MULTIPLY:
      a->number = l * r;
      break;
    case OP_DIVIDE:
      a->number = l / r; /* ±inf or NaN for 0: made 0 where consumed */
      break;
    case OP_LESS:
      a->number = l < r;
      break;
    case OP_LESS_EQUAL:
      a->number = l <= r;
      break;
    case OP_GREATER:
      a->number = l > r;
      break;
    case OP_GREATER_EQUAL:
      a->number = l >= r;
      break;
    case OP_EQUAL:
      a->number = l == r;
      break;
    case OP_NOT_EQUAL:
      a->number = l != r;
      break;
    case OP_COLOR_EQUAL:
      a->number = same_color(a->color, b->color);
      break;
    case OP_COLOR_NOT_EQUAL:
      a->number = !same_color(a->color, b->color);
      break;
    case OP_MIN:
      a->number = l < r ? l : r;
      break;
    case OP_MAX:
      a->number = l > r ? l : r;
      break;
    case OP_MOD:
      /* a - b·floor(a/b): the divisor's sign; a zero divisor gives 0. */
      a->number = r == 0 ? 0 : l - r * floor(bind_finite(l / r));
      break;
    default:
      break;
    }
  }
  return top ? stack[top - 1] : (bind_value){0};
}
