/*
 * test_operations_cli.c — commands of modules in scripts (SPEC §11.2,
 * docs/SCRIPTS.md "Commands of modules", issue 9 item 6): `anima sample`
 * finds a command word that is not a core command among the operations of
 * the loaded modules (here only tests/modules/operations.c, loaded with
 * --module), checks its words by the argument kinds and steps at 0 after
 * it when the operation says so; `anima modules` lists each operation's
 * usage and description. The document is tests/cli/operations.ani.
 */
#include "test_cli_support.h"

#define OPERATIONS_MODULE ANIMA_TEST_MODULE_DIR "/anima-operations.so"

/* Writes `text` to a new file in a fresh directory; returns its path. */
static char *scratch_file(const char *name, const char *text) {
  char directory[] = "/tmp/anima-operations-XXXXXX";
  cr_assert_not_null(mkdtemp(directory));
  char *path = malloc(strlen(directory) + strlen(name) + 2);
  cr_assert_not_null(path);
  sprintf(path, "%s/%s", directory, name);
  FILE *file = fopen(path, "wb");
  cr_assert_not_null(file);
  fputs(text, file);
  fclose(file);
  return path;
}

/* `anima sample <document> <script> --module operations`, nothing else on
 * the search path. */
static cli_run sample(const char *document, const char *script) {
  setenv("ANIMA_MODULE_PATH", "/nonexistent-anima", 1);
  const char *arguments[] = {"sample",   document,          script,
                             "--module", OPERATIONS_MODULE, NULL};
  return cli_run_args(arguments);
}

static cli_run sample_lines(const char *lines) {
  char document[4096];
  cli_source_path(document, sizeof document, "tests/cli/operations.ani");
  char *script = scratch_file("script.txt", lines);
  cli_run run = sample(document, script);
  free(script);
  return run;
}

Test(operations_cli, the_script_calls_module_commands) {
  /* tests/cli/operations.script.txt, by hand:
   *   advance 0; nudge right dot 3: dot.x 0 + 3 = 3, tallied (1); nudge
   *   steps at 0 after it, so the END hook has reported "nudged" with time
   *   1 (layer null) by the first snapshot; level is its default 1, box.x
   *   its authored 5, dot.y 0.
   *   nudge up dot 2 false: dot.y −2 (up is −y), not tallied; nudge left
   *   box 1.5: box.x 3.5, tallied (2): the second snapshot's one event.
   *   charge level 2.5 → 3.5; charge level 4 → 7.5 clamped to 5 (both
   *   expects hold); advance 0: level >= 5 and armed false take idle to
   *   full, whose pose writes dot.r 4.
   *   check level 5 holds; check level 4 reports operation-check, which
   *   expect-error consumes. Exit 0, nothing on stderr.
   * Time stays 0 throughout; every step ends at rest. */
  char document[4096], script[4096];
  cli_source_path(document, sizeof document, "tests/cli/operations.ani");
  cli_source_path(script, sizeof script, "tests/cli/operations.script.txt");
  cli_run run = sample(document, script);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_str_eq(run.err, "");
  cr_assert_str_eq(
      run.out,
      "{\"time\": 0, \"values\": {\"dot.x\": 3, \"dot.y\": 0, \"box.x\": 5, "
      "\"level\": 1}, \"states\": {\"main\": \"idle\"}, \"events\": "
      "[{\"name\": \"nudged\", \"layer\": null, \"time\": 1}], \"settled\": "
      "true}\n"
      "{\"time\": 0, \"values\": {\"dot.x\": 3, \"dot.y\": -2, \"box.x\": "
      "3.5}, \"states\": {\"main\": \"idle\"}, \"events\": [{\"name\": "
      "\"nudged\", \"layer\": null, \"time\": 2}], \"settled\": true}\n"
      "{\"time\": 0, \"values\": {\"dot.r\": 4}, \"states\": {\"main\": "
      "\"full\"}, \"events\": [], \"settled\": true}\n");
  cli_run_free(&run);
}

Test(operations_cli, bad_arguments_name_the_usage_line) {
  /* Each stops the script (exit 2) at its line with script-usage; the
   * snapshot after it never runs. */
  const char *cases[][2] = {
      {"nudge sideways dot 1\nsnapshot\n",
       "/script/0: error[script-usage]: nudge: <direction> is left, right, "
       "up or down, not \"sideways\" (hint: write `nudge left|right|up|down "
       "<node> <distance> [<tally>]`)\n"},
      {"nudge right dot\nsnapshot\n",
       "/script/0: error[script-usage]: nudge needs at least 3 arguments, got "
       "2 (hint: write `nudge left|right|up|down <node> <distance> "
       "[<tally>]`)\n"},
      {"advance 0\nnudge right dot 1 true more\nsnapshot\n",
       "/script/1: error[script-usage]: nudge takes at most 4 arguments, got "
       "5 (hint: write `nudge left|right|up|down <node> <distance> "
       "[<tally>]`)\n"},
      {"nudge right nobody 1\nsnapshot\n",
       "/script/0: error[script-usage]: nudge: <node> is a node id, and the "
       "document has no node \"nobody\" (hint: write `nudge "
       "left|right|up|down <node> <distance> [<tally>]`)\n"},
      {"nudge right dot \"1 2\"\nsnapshot\n",
       "/script/0: error[script-usage]: nudge: <distance> is a finite "
       "number, not \"1 2\" (hint: write `nudge left|right|up|down <node> "
       "<distance> [<tally>]`)\n"},
      {"nudge right dot 1 maybe\nsnapshot\n",
       "/script/0: error[script-usage]: nudge: <tally> is true or false, not "
       "\"maybe\" (hint: write `nudge left|right|up|down <node> <distance> "
       "[<tally>]`)\n"},
      {"charge lvl 1\nsnapshot\n",
       "/script/0: error[script-usage]: charge: <input> is an input name, and "
       "the document has no input \"lvl\" (did you mean \"level\"?) (hint: "
       "write `charge <input> <amount>`)\n"},
      {"check level 1\nsnapshot\n",
       "/script/0: error[script-usage]: check needs 3 arguments, got 2 (hint: "
       "write `check <input> <expected> <message...>`)\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    cli_run run = sample_lines(cases[i][0]);
    cr_assert_eq(run.status, 2, "%s: %s", cases[i][0], run.err);
    cr_assert_str_eq(run.out, "", "%s", cases[i][0]);
    const char *line = strstr(run.err, "/script/");
    cr_assert_not_null(line, "%s", run.err);
    cr_assert_str_eq(line, cases[i][1]);
    cli_run_free(&run);
  }
}

Test(operations_cli, an_operations_report_stops_the_script_with_its_code) {
  /* check level 4 on level 1: the module's operation-check with its
   * message (the TEXT words joined) and hint; the script stops. */
  cli_run run = sample_lines("check level 4 level is \"not four\"\nsnapshot\n");
  cr_assert_eq(run.status, 2, "%s", run.err);
  cr_assert_str_eq(run.out, "");
  const char *line = strstr(run.err, "/script/");
  cr_assert_not_null(line, "%s", run.err);
  cr_assert_str_eq(line, "/script/0: error[operation-check]: level is not "
                         "four (hint: the input is 1)\n");
  cli_run_free(&run);
}

Test(operations_cli, unknown_commands_keep_their_errors) {
  /* Not registered by any loaded module: the errors of a script without
   * modules. An operation of the document counts for did-you-mean. */
  cli_run run = sample_lines("teleport dot\n");
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "/script/0: error[script-usage]: unknown "
                                     "command \"teleport\" (hint: commands: "
                                     "advance, set, fire"),
                     "%s", run.err);
  cli_run_free(&run);
  run = sample_lines("focus clear\n");
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "error[script-usage]: focus needs the "
                                     "focus module, which this runtime does "
                                     "not have"),
                     "%s", run.err);
  cli_run_free(&run);
  run = sample_lines("nudg right dot 1\n");
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "unknown command \"nudg\" (hint: did you "
                                     "mean \"nudge\"?)"),
                     "%s", run.err);
  cli_run_free(&run);
}

Test(operations_cli, commands_of_undeclared_features_are_not_available) {
  /* shout is of operations-extra, which tests/cli/operations.ani does not
   * declare; a document declaring nothing has none of them. */
  cli_run run = sample_lines("shout hello\n");
  cr_assert_eq(run.status, 2);
  const char *line = strstr(run.err, "/script/");
  cr_assert_not_null(line, "%s", run.err);
  cr_assert_str_eq(line, "/script/0: error[script-usage]: the operation "
                         "\"shout\" (module operations) belongs to the "
                         "feature \"operations-extra\", which the document "
                         "does not declare (hint: add \"operations-extra\" to "
                         "\"requires\")\n");
  cli_run_free(&run);
  char *document = scratch_file(
      "plain.ani", "{\"anima\": \"0.1\", \"name\": \"plain\", \"grid\": 20, "
                   "\"nodes\": [{\"id\": \"dot\", \"type\": \"circle\", "
                   "\"center\": [10, 10], \"r\": 2, \"fill\": {\"color\": "
                   "\"#000000\"}}]}");
  char *script = scratch_file("script.txt", "nudge right dot 1\n");
  run = sample(document, script);
  cr_assert_eq(run.status, 2);
  cr_assert_not_null(strstr(run.err, "error[script-usage]: the operation "
                                     "\"nudge\" (module operations) belongs "
                                     "to the feature \"operations\""),
                     "%s", run.err);
  cli_run_free(&run);
  free(document);
  free(script);
}

Test(operations_cli, modules_lists_each_operation) {
  /* nudge, charge, check, peek (answers: anima_player_ask), shout,
   * recount (tests/modules/operations.c). */
  setenv("ANIMA_MODULE_PATH", "/nonexistent-anima", 1);
  const char *text[] = {"modules", "--module", OPERATIONS_MODULE, NULL};
  cli_run run = cli_run_args(text);
  cr_assert_eq(run.status, 0, "%s", run.err);
  cr_assert_not_null(
      strstr(run.out,
             "  operation nudge left|right|up|down <node> <distance> "
             "[<tally>]\n"
             "            Moves a node along x or y and counts the nudge. "
             "(feature operations; the script steps at 0 after it)\n"
             "  operation charge <input> <amount>\n"
             "            Adds to a number input now. (feature operations)\n"),
      "%s", run.out);
  cli_run_free(&run);
  const char *json[] = {"modules", "--format=json", "--module",
                        OPERATIONS_MODULE, NULL};
  run = cli_run_args(json);
  cr_assert_eq(run.status, 0, "%s", run.err);
  json_t *root = cli_run_json(&run);
  json_t *module = json_array_get(json_object_get(root, "modules"), 0);
  cr_assert_str_eq(json_string_value(json_object_get(module, "name")),
                   "operations");
  json_t *operations = json_object_get(module, "operations");
  cr_assert_eq(json_array_size(operations), 6);
  json_t *nudge = json_array_get(operations, 0);
  cr_assert_str_eq(json_string_value(json_object_get(nudge, "name")), "nudge");
  cr_assert_str_eq(json_string_value(json_object_get(nudge, "feature")),
                   "operations");
  cr_assert(json_is_true(json_object_get(nudge, "stepAfter")));
  json_t *arguments = json_object_get(nudge, "arguments");
  cr_assert_eq(json_array_size(arguments), 4);
  const char *kinds[] = {"word", "node", "number", "bool"};
  for (size_t i = 0; i < 4; i++) {
    json_t *argument = json_array_get(arguments, i);
    cr_assert_str_eq(json_string_value(json_object_get(argument, "kind")),
                     kinds[i]);
    cr_assert_eq(json_is_true(json_object_get(argument, "optional")), i == 3);
  }
  json_t *options = json_object_get(json_array_get(arguments, 0), "options");
  cr_assert_eq(json_array_size(options), 4);
  cr_assert_str_eq(json_string_value(json_array_get(options, 3)), "down");
  json_t *check = json_array_get(operations, 2);
  cr_assert_str_eq(
      json_string_value(json_object_get(
          json_array_get(json_object_get(check, "arguments"), 2), "kind")),
      "text");
  cr_assert(json_is_false(json_object_get(check, "stepAfter")));
  json_decref(root);
  cli_run_free(&run);
}

Test(operations_cli, a_session_calls_module_commands) {
  /* `anima session` runs the same interpreter: one reply per request; the
   * nudge stepped at 0, so the snapshot shows dot.x 3 and the tally's
   * event (time 1); a bad word is a failed reply, not the end. */
  char document[4096], command[16384];
  cli_source_path(document, sizeof document, "tests/cli/operations.ani");
  snprintf(command, sizeof command,
           "printf 'nudge right dot 3\\nsnapshot dot.x\\nnudge sideways dot "
           "1\\nquit\\n' | ANIMA_MODULE_PATH=/nonexistent-anima "
           "%s/tools/anima/anima session %s --module %s",
           cli_build_root(), document, OPERATIONS_MODULE);
  FILE *pipe = popen(command, "r");
  cr_assert_not_null(pipe);
  char replies[4][1024];
  for (size_t i = 0; i < 4; i++) {
    cr_assert_not_null(fgets(replies[i], sizeof replies[i], pipe), "%zu", i);
  }
  cr_assert_eq(pclose(pipe), 0);
  cr_assert_str_eq(replies[0], "{\"ok\": true, \"outputs\": [], \"snapshots\": "
                               "[], \"diagnostics\": []}\n");
  cr_assert_str_eq(
      replies[1],
      "{\"ok\": true, \"outputs\": [], \"snapshots\": [{\"time\": 0, "
      "\"values\": {\"dot.x\": 3}, \"states\": {\"main\": \"idle\"}, "
      "\"events\": [{\"name\": \"nudged\", \"layer\": null, \"time\": 1}], "
      "\"settled\": true}], \"diagnostics\": []}\n");
  cr_assert_not_null(strstr(replies[2], "{\"ok\": false"), "%s", replies[2]);
  cr_assert_not_null(strstr(replies[2], "\"code\": \"script-usage\", "
                                        "\"severity\": \"error\", "
                                        "\"pointer\": \"/script/2\""),
                     "%s", replies[2]);
}

Test(operations_cli, machine_is_a_command_of_the_loaded_motion_module) {
  /* `machine` is a SPEC §11.2 command of the motion module (named
   * machines: docs/modules/motion.md "Named machines"). With motion loaded
   * and declared it reaches the module's operation, which refuses a name
   * the document's `machines` does not define (motion-machine). */
  setenv("ANIMA_MODULE_PATH", "/nonexistent-anima", 1);
  char *document = scratch_file(
      "motion.ani", "{\"anima\": \"0.1\", \"name\": \"motion\", \"grid\": 20, "
                    "\"requires\": [\"motion\"], \"nodes\": [{\"id\": "
                    "\"dot\", \"type\": \"circle\", \"center\": [10, 10], "
                    "\"r\": 2, \"fill\": {\"color\": \"#000000\"}}]}");
  char *script = scratch_file("script.txt", "machine walk play\n");
  const char *arguments[] = {"sample",
                             document,
                             script,
                             "--module",
                             ANIMA_BUILD_ROOT "/modules/anima-motion.so",
                             NULL};
  cli_run run = cli_run_args(arguments);
  cr_assert_eq(run.status, 2, "%s", run.err);
  const char *line = strstr(run.err, "/script/");
  cr_assert_not_null(line, "%s", run.err);
  cr_assert_str_eq(line, "/script/0: error[motion-machine]: no machine is "
                         "named \"walk\" (hint: name a machine of the "
                         "document's `machines`)\n");
  cli_run_free(&run);
  free(document);
  free(script);
}
