/*
 * commands.h — the subcommands of the `anima` CLI. Each lives in its own
 * cmd_<name>.c and is listed in the table in main.c. A command receives
 * argv starting at its own name (argv[0] is e.g. "validate") and returns the
 * process exit status: 0 success, 1 the input failed (invalid document,
 * failed expectation, failed comparison), 2 usage errors.
 */
#ifndef ANIMA_TOOLS_COMMANDS_H
#define ANIMA_TOOLS_COMMANDS_H

int anima_command_validate(int argc, char **argv);
int anima_command_bone(int argc, char **argv);
/* `anima bone render` (cmd_bone_render.c), dispatched by anima_command_bone. */
int anima_command_bone_render(int argc, char **argv);
/* `anima bone inspect` (cmd_bone_inspect.c), dispatched by anima_command_bone.
 */
int anima_command_bone_inspect(int argc, char **argv);
int anima_command_build(int argc, char **argv);
int anima_command_decompile(int argc, char **argv);
int anima_command_fmt(int argc, char **argv);
int anima_command_compare(int argc, char **argv);
int anima_command_import(int argc, char **argv);
int anima_command_render(int argc, char **argv);
int anima_command_schema(int argc, char **argv);
int anima_command_inspect(int argc, char **argv);
int anima_command_modules(int argc, char **argv);
int anima_command_new(int argc, char **argv);
int anima_command_bench(int argc, char **argv);
int anima_command_playground(int argc, char **argv);
int anima_command_sample(int argc, char **argv);
int anima_command_session(int argc, char **argv);

#endif
