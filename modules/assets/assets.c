/*
 * assets.c — the `assets` module (SPEC `## assets`, `### P5b asset
 * pipeline`; docs/modules/assets.md): the document's `assets` map, its
 * diagnostics (asset-storage, bad-data-uri, missing-source, asset-option,
 * asset-clip), image nodes (image.c) and the interface ANIMA_ASSETS_INTERFACE
 * (include/anima/ assets.h) through which other modules resolve asset names
 * (events' audio). Validation performs no IO: data URIs are checked, not
 * decoded; URLs are never opened.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "assets_internal.h"

const anima_host *assets_host;

static const char *const features[] = {ASSETS_FEATURE, NULL};

#define FIELD(name_, kind_)                                                    \
  .owner = "asset", .name = name_, .kind = kind_, .feature = ASSETS_FEATURE,   \
  .minimum = -INFINITY, .maximum = INFINITY

static const char *const types[] = {"image", "font", "audio", "blob", NULL};
static const char *const storages[] = {"embedded", "referenced", NULL};

static const anima_kind_desc kinds[] = {
    {.name = "asset",
     .element = "asset",
     .key_field = "name",
     .feature = ASSETS_FEATURE,
     .description = "A named asset: its type and source (a data URI or a "
                    "URL), which the host loads; the runtime opens nothing."},
};

/* The P5b options (size, mime, metadata, encode, quality, export, start,
 * end, duration) are free-form to the structural walk: the module's check
 * reports a wrong type or value as asset-option at the option (SPEC P5b:
 * "Wrong-type options are `asset-option` at the option"). */
static const anima_field_desc fields[] = {
    {.owner = "document",
     .name = "assets",
     .kind = ANIMA_FIELD_MAP,
     .feature = ASSETS_FEATURE,
     .minimum = -INFINITY,
     .maximum = INFINITY,
     .item_kind = "asset",
     .markup_name = "assets",
     .description = "Named assets {name: {type, source, ...}} (SPEC assets)."},
    {FIELD("type", ANIMA_FIELD_ENUM), .options = types, .required = true,
     .description = "image, font, audio or blob."},
    {FIELD("source", ANIMA_FIELD_STRING), .required = true,
     .markup_name = "src",
     .description = "A data URI (percent encoding or padded standard "
                    "base64) or a URL, relative to the document."},
    {FIELD("storage", ANIMA_FIELD_ENUM), .options = storages,
     .description = "embedded (a data URI) or referenced (a URL); inferred "
                    "from the source when omitted."},
    {.owner = "asset",
     .name = "width",
     .kind = ANIMA_FIELD_NUMBER,
     .feature = ASSETS_FEATURE,
     .minimum = 0,
     .maximum = INFINITY,
     .exclusive_minimum = true,
     .description = "Intrinsic width in grid units (> 0); decoded by the "
                    "host when omitted."},
    {.owner = "asset",
     .name = "height",
     .kind = ANIMA_FIELD_NUMBER,
     .feature = ASSETS_FEATURE,
     .minimum = 0,
     .maximum = INFINITY,
     .exclusive_minimum = true,
     .description = "Intrinsic height in grid units (> 0); decoded by the "
                    "host when omitted."},
    {FIELD("size", ANIMA_FIELD_ANY),
     .description = "Byte size, a nonnegative integer (metadata)."},
    {FIELD("mime", ANIMA_FIELD_ANY),
     .description = "MIME type \"type/subtype\" (metadata)."},
    {FIELD("metadata", ANIMA_FIELD_ANY), .markup_form = ANIMA_MARKUP_JSON,
     .description = "A JSON object carried for resolvers (AniML: JSON in "
                    "the attribute)."},
    {FIELD("encode", ANIMA_FIELD_ANY),
     .description = "Build-only, images: png, jpeg or webp. Validated and "
                    "kept; a native runtime encodes nothing."},
    {FIELD("quality", ANIMA_FIELD_ANY),
     .description = "Build-only, images: encoder quality in [0, 1]; "
                    "requires encode."},
    {FIELD("export", ANIMA_FIELD_ANY),
     .description = "Build-only: false keeps the bytes out of a build's "
                    "embedding (a bool, default true)."},
    {FIELD("start", ANIMA_FIELD_ANY),
     .description = "Audio only: clip start in seconds (default 0)."},
    {FIELD("end", ANIMA_FIELD_ANY),
     .description = "Audio only: clip end in seconds (default: the "
                    "duration)."},
    {FIELD("duration", ANIMA_FIELD_ANY),
     .description = "Audio only: the full source duration in seconds."},
};

static const anima_code_desc codes[] = {
    {.code = "asset-storage",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = ASSETS_FEATURE,
     .description = "storage disagrees with the source: embedded needs a "
                    "data URI, referenced a URL."},
    {.code = "bad-data-uri",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = ASSETS_FEATURE,
     .description = "A data URI without a comma, with a bad percent escape "
                    "or with data that is not padded standard base64."},
    {.code = "missing-source",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = ASSETS_FEATURE,
     .description = "An asset's source is empty."},
    {.code = "asset-option",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = ASSETS_FEATURE,
     .description = "An asset option of the wrong type or value, or on an "
                    "asset type it does not apply to."},
    {.code = "unknown-asset",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = ASSETS_FEATURE,
     .description = "An image node's asset names no declaration."},
    {.code = "asset-type",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = ASSETS_FEATURE,
     .description = "An image node's asset is not of type image."},
    {.code = "asset-load",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = ASSETS_FEATURE,
     .description = "An embedded image cannot be decoded (error), or an "
                    "image this runtime cannot draw (warning: referenced "
                    "or not PNG; the host loads it)."},
    {.code = "asset-clip",
     .severity = ANIMA_SEVERITY_ERROR,
     .feature = ASSETS_FEATURE,
     .description = "Audio clip bounds out of order: 0 <= start < end <= "
                    "duration is required where known."},
};

/* ---- pointers ----------------------------------------------------------- */

enum { pointer_size = ASSETS_POINTER_SIZE };

/* "/assets/<name>/<key>" with RFC 6901 escaping of the name (~0, ~1); a
 * pointer too long for the buffer is cut (it still names the area). */
void assets_pointer(char *out, const char *name, const char *key) {
  size_t used = (size_t)snprintf(out, pointer_size, "/assets/");
  for (const char *c = name; *c && used + 3 < pointer_size; c++) {
    if (*c == '~' || *c == '/') {
      out[used++] = '~';
      out[used++] = *c == '~' ? '0' : '1';
    } else {
      out[used++] = *c;
    }
  }
  out[used] = '\0';
  if (key && used + strlen(key) + 2 < pointer_size) {
    snprintf(out + used, pointer_size - used, "/%s", key);
  }
}

/* ---- data URIs (RFC 2397) ----------------------------------------------- */

static bool is_data_uri(const char *source) {
  return strncasecmp(source, "data:", 5) == 0; /* schemes are caseless */
}

static bool hex_digit(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
         (c >= 'A' && c <= 'F');
}

static bool base64_digit(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (c >= '0' && c <= '9') || c == '+' || c == '/';
}

/* Why a data URI is malformed, or NULL when it is well formed: a comma
 * ends the header; with ";base64" the data is padded standard base64
 * (RFC 4648 §4: length a multiple of 4, '=' only as the last one or two
 * characters), otherwise every '%' starts a two-hex-digit escape. */
static const char *data_uri_problem(const char *source, char *why,
                                    size_t size) {
  const char *comma = strchr(source, ',');
  if (!comma) {
    return "it has no comma between the media type and the data";
  }
  size_t header = (size_t)(comma - source);
  /* RFC 2397's ABNF literal ";base64" is caseless (RFC 5234 §2.3). */
  bool base64 = header >= 12 && strncasecmp(comma - 7, ";base64", 7) == 0;
  const char *data = comma + 1;
  size_t length = strlen(data);
  if (!base64) {
    for (size_t i = 0; i < length; i++) {
      if (data[i] == '%' && (i + 2 >= length || !hex_digit(data[i + 1]) ||
                             !hex_digit(data[i + 2]))) {
        snprintf(why, size,
                 "the percent escape at data character %zu is not '%%' and "
                 "two hex digits",
                 i);
        return why;
      }
    }
    return NULL;
  }
  if (length % 4 != 0) {
    snprintf(why, size,
             "its base64 data has %zu characters, not a multiple of 4 "
             "(padded base64 ends with '=' to fill the last group)",
             length);
    return why;
  }
  size_t padding = 0;
  while (padding < 2 && padding < length && data[length - 1 - padding] == '=') {
    padding++;
  }
  for (size_t i = 0; i < length - padding; i++) {
    if (!base64_digit(data[i])) {
      /* A byte outside printable ASCII (a UTF-8 lead byte, a control
       * character) is named by its value: copied alone it would make the
       * message invalid UTF-8, which JSON output cannot carry. */
      char shown[16];
      unsigned char byte = (unsigned char)data[i];
      if (byte >= 0x20 && byte < 0x7f) {
        snprintf(shown, sizeof shown, "'%c'", data[i]);
      } else {
        snprintf(shown, sizeof shown, "byte 0x%02x", byte);
      }
      snprintf(why, size,
               "its base64 data has %s at character %zu (standard base64 "
               "uses A-Z a-z 0-9 + / and '=' padding at the end)",
               shown, i);
      return why;
    }
  }
  return NULL;
}

/* ---- the check ---------------------------------------------------------- */

static bool is_number(const anima_json *value) {
  return value && assets_host->json_type(value) == ANIMA_JSON_NUMBER &&
         isfinite(assets_host->json_number(value));
}

static void option(anima_check *c, const char *name, const char *key,
                   const char *hint, const char *message) {
  char at[pointer_size];
  assets_pointer(at, name, key);
  assets_host->check_report(c, "asset-option", ANIMA_SEVERITY_ERROR, at, hint,
                            "asset \"%s\": %s", name, message);
}

static void clip(anima_check *c, const char *name, const char *key,
                 const char *hint, const char *message) {
  char at[pointer_size];
  assets_pointer(at, name, key);
  assets_host->check_report(c, "asset-clip", ANIMA_SEVERITY_ERROR, at, hint,
                            "asset \"%s\": %s", name, message);
}

/* A MIME type "type/subtype" (RFC 6838 names, parameters after ';'). */
static bool mime_text(const char *text) {
  const char *slash = strchr(text, '/');
  if (!slash || slash == text || !slash[1]) {
    return false;
  }
  for (const char *c = text; *c && *c != ';'; c++) {
    bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
              (*c >= '0' && *c <= '9') || strchr("!#$&-^_.+/", *c);
    if (!ok || (*c == '/' && c != slash)) {
      return false;
    }
  }
  return true;
}

static void check_options(anima_check *c, const char *name,
                          const anima_json *asset, const char *type) {
  const anima_host *h = assets_host;
  bool image = type && strcmp(type, "image") == 0;
  bool audio = type && strcmp(type, "audio") == 0;
  const anima_json *size = h->json_member(asset, "size");
  if (size && (!is_number(size) || h->json_number(size) < 0 ||
               h->json_number(size) != floor(h->json_number(size)))) {
    option(c, name, "size", "write the byte count, an integer >= 0",
           "size is not a nonnegative integer");
  }
  const anima_json *mime = h->json_member(asset, "mime");
  if (mime && (h->json_type(mime) != ANIMA_JSON_STRING ||
               !mime_text(h->json_string(mime, NULL)))) {
    option(c, name, "mime", "write a MIME type such as \"audio/wav\"",
           "mime is not a MIME type string \"type/subtype\"");
  }
  const anima_json *metadata = h->json_member(asset, "metadata");
  if (metadata && h->json_type(metadata) != ANIMA_JSON_OBJECT) {
    option(c, name, "metadata",
           "write a JSON object, such as {\"credit\": \"self\"}",
           "metadata is not a JSON object");
  }
  const anima_json *exported = h->json_member(asset, "export");
  if (exported && h->json_type(exported) != ANIMA_JSON_BOOL) {
    option(c, name, "export", "write true or false", "export is not a boolean");
  }
  const anima_json *encode = h->json_member(asset, "encode");
  const char *encode_text = encode && h->json_type(encode) == ANIMA_JSON_STRING
                                ? h->json_string(encode, NULL)
                                : NULL;
  if (encode && !image) {
    option(c, name, "encode", "remove encode, or declare an image asset",
           "encode applies to image assets only");
  } else if (encode && (!encode_text || (strcmp(encode_text, "png") != 0 &&
                                         strcmp(encode_text, "jpeg") != 0 &&
                                         strcmp(encode_text, "webp") != 0))) {
    option(c, name, "encode", "write \"png\", \"jpeg\" or \"webp\"",
           "encode is not png, jpeg or webp");
  }
  const anima_json *quality = h->json_member(asset, "quality");
  if (quality && !image) {
    option(c, name, "quality", "remove quality, or declare an image asset",
           "quality applies to image assets only");
  } else if (quality && (!is_number(quality) || h->json_number(quality) < 0 ||
                         h->json_number(quality) > 1)) {
    option(c, name, "quality", "write a number in [0, 1]",
           "quality is not a number in [0, 1]");
  } else if (quality && !encode) {
    option(c, name, "quality", "add encode (\"jpeg\" or \"webp\")",
           "quality requires encode");
  }
  static const char *const timing[] = {"start", "end", "duration"};
  bool typed = true;
  for (size_t i = 0; i < 3; i++) {
    const anima_json *value = h->json_member(asset, timing[i]);
    if (!value) {
      continue;
    }
    char message[96];
    if (!audio) {
      typed = false;
      snprintf(message, sizeof message, "%s applies to audio assets only",
               timing[i]);
      option(c, name, timing[i], "remove it, or declare an audio asset",
             message);
    } else if (!is_number(value)) {
      typed = false;
      snprintf(message, sizeof message, "%s is not a number of seconds",
               timing[i]);
      option(c, name, timing[i], "write a number of seconds", message);
    }
  }
  if (!audio || !typed) {
    return;
  }
  /* SPEC P5b: "Omitted start is zero and omitted end is decoded duration.
   * Require 0 <= start < end <= duration when the relevant bounds are
   * known." */
  const anima_json *start_json = h->json_member(asset, "start");
  const anima_json *end_json = h->json_member(asset, "end");
  const anima_json *duration_json = h->json_member(asset, "duration");
  double start = start_json ? h->json_number(start_json) : 0;
  if (start < 0) {
    clip(c, name, "start", "write a start >= 0 seconds", "start is negative");
    return;
  }
  if (duration_json && h->json_number(duration_json) < 0) {
    option(c, name, "duration", "write the duration in seconds, >= 0",
           "duration is negative");
    return;
  }
  bool has_end = end_json || duration_json;
  double end = end_json        ? h->json_number(end_json)
               : duration_json ? h->json_number(duration_json)
                               : 0;
  if (end_json && duration_json && end > h->json_number(duration_json)) {
    clip(c, name, "end", "write an end <= duration",
         "end is past the source duration");
  } else if (has_end && !(start < end)) {
    clip(c, name, end_json ? "end" : "start",
         end_json ? "write an end after start" : "write a start < duration",
         end_json ? "the clip ends at or before its start"
                  : "the clip starts at or after the source's end");
  }
}

static void check_asset(anima_check *c, const char *name,
                        const anima_json *asset) {
  const anima_host *h = assets_host;
  if (h->json_type(asset) != ANIMA_JSON_OBJECT) {
    return; /* the structural walk reported it */
  }
  const anima_json *type_json = h->json_member(asset, "type");
  const char *type = type_json && h->json_type(type_json) == ANIMA_JSON_STRING
                         ? h->json_string(type_json, NULL)
                         : NULL;
  check_options(c, name, asset, type);
  const anima_json *source_json = h->json_member(asset, "source");
  if (!source_json || h->json_type(source_json) != ANIMA_JSON_STRING) {
    return; /* missing-key / bad-value already */
  }
  const char *source = h->json_string(source_json, NULL);
  char at[pointer_size];
  if (!source || !source[0]) {
    assets_pointer(at, name, "source");
    h->check_report(c, "missing-source", ANIMA_SEVERITY_ERROR, at,
                    "write a data URI or a URL (relative to the document)",
                    "asset \"%s\" has an empty source", name);
    return;
  }
  bool embedded = is_data_uri(source);
  char why[160];
  const char *problem =
      embedded ? data_uri_problem(source, why, sizeof why) : NULL;
  if (problem) {
    assets_pointer(at, name, "source");
    h->check_report(c, "bad-data-uri", ANIMA_SEVERITY_ERROR, at,
                    "write data:<type>;base64,<padded base64> or "
                    "data:<type>,<percent-encoded text>",
                    "asset \"%s\": the data URI is malformed: %s", name,
                    problem);
  }
  const anima_json *storage_json = h->json_member(asset, "storage");
  const char *storage =
      storage_json && h->json_type(storage_json) == ANIMA_JSON_STRING
          ? h->json_string(storage_json, NULL)
          : NULL;
  if (storage && (strcmp(storage, "embedded") == 0 ||
                  strcmp(storage, "referenced") == 0)) {
    bool says_embedded = strcmp(storage, "embedded") == 0;
    if (says_embedded != embedded) {
      assets_pointer(at, name, "storage");
      h->check_report(
          c, "asset-storage", ANIMA_SEVERITY_ERROR, at,
          embedded ? "write storage \"embedded\", or omit it (inferred)"
                   : "write storage \"referenced\", or omit it (inferred), "
                     "or make the source a data URI",
          "asset \"%s\": storage \"%s\" but the source is %s", name, storage,
          embedded ? "a data URI" : "a URL");
    }
  }
}

static void check_document(anima_check *c, void *user) {
  (void)user;
  const anima_host *h = assets_host;
  const anima_json *assets = h->json_member(h->check_document(c), "assets");
  if (!assets || h->json_type(assets) != ANIMA_JSON_OBJECT) {
    return;
  }
  for (size_t i = 0; i < h->json_size(assets); i++) {
    check_asset(c, h->json_key_at(assets, i), h->json_value_at(assets, i));
  }
}

static void check_all(anima_check *c, void *user) {
  check_document(c, user);
  assets_check_images(c);
}

static const anima_check_desc check = {
    .struct_size = sizeof check,
    .feature = ASSETS_FEATURE,
    .name = "assets",
    .check = check_all,
};

/* ---- the interface ------------------------------------------------------ */

static double number_or(const anima_json *asset, const char *key,
                        double fallback, bool *present) {
  const anima_json *value = assets_host->json_member(asset, key);
  bool ok = is_number(value);
  if (present) {
    *present = ok;
  }
  return ok ? assets_host->json_number(value) : fallback;
}

bool assets_find(const anima_json *document, const char *name,
                 anima_asset_info *out) {
  const anima_host *h = assets_host;
  const anima_json *assets =
      document && name ? h->json_member(document, "assets") : NULL;
  const anima_json *asset = assets && h->json_type(assets) == ANIMA_JSON_OBJECT
                                ? h->json_member(assets, name)
                                : NULL;
  if (!asset || h->json_type(asset) != ANIMA_JSON_OBJECT || !out) {
    return false;
  }
  const anima_json *type_json = h->json_member(asset, "type");
  const anima_json *source_json = h->json_member(asset, "source");
  const char *type = type_json && h->json_type(type_json) == ANIMA_JSON_STRING
                         ? h->json_string(type_json, NULL)
                         : NULL;
  if (!type || !source_json || h->json_type(source_json) != ANIMA_JSON_STRING) {
    return false;
  }
  size_t kind = 0;
  while (types[kind] && strcmp(types[kind], type) != 0) {
    kind++;
  }
  if (!types[kind]) {
    return false;
  }
  anima_asset_info info = {.struct_size = sizeof info,
                           .name = name,
                           .type = (anima_asset_type)kind,
                           .source = h->json_string(source_json, NULL)};
  const anima_json *storage = h->json_member(asset, "storage");
  const char *storage_text =
      storage && h->json_type(storage) == ANIMA_JSON_STRING
          ? h->json_string(storage, NULL)
          : NULL;
  info.embedded = storage_text ? strcmp(storage_text, "embedded") == 0
                               : is_data_uri(info.source);
  info.width = number_or(asset, "width", 0, NULL);
  info.height = number_or(asset, "height", 0, NULL);
  info.start = number_or(asset, "start", 0, NULL);
  info.duration = number_or(asset, "duration", 0, &info.has_duration);
  info.end = number_or(asset, "end", info.duration, &info.has_end);
  info.has_end = info.has_end || info.has_duration;
  const anima_json *mime = h->json_member(asset, "mime");
  info.mime = mime && h->json_type(mime) == ANIMA_JSON_STRING
                  ? h->json_string(mime, NULL)
                  : NULL;
  *out = info;
  return true;
}

static const anima_assets_interface interface_table = {
    .struct_size = sizeof interface_table,
    .find = assets_find,
};

static const anima_interface_desc interface = {
    .struct_size = sizeof interface,
    .feature = ASSETS_FEATURE,
    .name = ANIMA_ASSETS_INTERFACE,
    .table = &interface_table,
    .description = "Asset declarations by name (include/anima/assets.h).",
};

static anima_status init(const anima_host *host, anima_registrar *registrar) {
  assets_host = host;
  if (!ANIMA_HOST_HAS(host, add_interface) ||
      !ANIMA_HOST_HAS(host, emit_image)) {
    return ANIMA_ERROR_UNSUPPORTED; /* a kernel without interfaces */
  }
  anima_status status = ANIMA_OK;
  ANIMA_ADD_EACH(status, host->add_code, registrar, codes);
  ANIMA_ADD_EACH(status, host->add_kind, registrar, kinds);
  ANIMA_ADD_EACH(status, host->add_field, registrar, fields);
  if (status == ANIMA_OK) {
    status = host->add_check(registrar, &check);
  }
  if (status == ANIMA_OK) {
    status = host->add_interface(registrar, &interface);
  }
  if (status == ANIMA_OK) {
    status = assets_register_images(registrar);
  }
  return status;
}

ANIMA_MODULE_DEFINE(assets, .name = "assets", .version = "1.0.0",
                    .license = "MIT", .origin = "Anima",
                    .description = "Named image, font, audio and blob assets "
                                   "(declarations the host loads; the runtime "
                                   "opens nothing) and the asset lookup "
                                   "other modules use (SPEC assets).",
                    .features = features, .init = init);
