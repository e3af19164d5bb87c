#pragma once

#include <QString>

namespace cds {

/// @brief What a design's names may be where they reach another program.
///
/// Names are data, never syntax: each target (a Slurm host or switch name, a YAML scalar, a
/// CSV cell, a NetBox name) either gets the name escaped or refuses it with the object named.
/// Every export and the `name.invalid-hostname` rule ask here, so they always agree.
namespace names {

/// Longest host name label (RFC 1123) and Slurm node/switch name we accept.
inline constexpr int kMaxHostName = 63;
/// NetBox's longest device, rack and site name (its `name` fields are 64 characters).
inline constexpr int kMaxNetBoxName = 64;

/// Why @p name cannot be a host or switch name in Slurm's topology files, a Kubernetes node
/// or a host's name on the network; empty when it can. Allowed: 1-63 letters, digits,
/// '-', '_' and '.', starting with a letter or digit and not ending with '-' or '.'. Every
/// character Slurm's host lists or the files' syntax give a meaning (space, ',', '=', '[',
/// ']', '#', quotes, line breaks) is refused.
QString hostNameProblem(const QString& name);

/// Why @p name cannot be a NetBox object name; empty when it can: 1-64 characters, no
/// control characters (a line break would split a CSV row in the import), no leading or
/// trailing white space (NetBox strips it, so the cables would name another device).
QString netBoxNameProblem(const QString& name);

/// @p name as one file or folder name inside an export: every character that is not a
/// letter, digit, ' ', '.', '_', '+', '(', ')' or '-' (path separators, control characters)
/// becomes '-', leading dots are dropped (no "..", no hidden file), at most 100 characters;
/// "unnamed" when nothing is left. A catalog embedded in a stranger's design names these
/// files, so "../../.bashrc" must stay inside the export folder.
QString safeFileName(const QString& name);

/// @p s as a double-quoted YAML scalar: every '"', '\\' and control character escaped, so
/// no value can end the scalar, open a new key or a new document.
QString yamlQuoted(const QString& s);

/// @p s with line breaks and other control characters replaced by spaces: for comments in
/// generated configuration files, where a line break would start a line of syntax.
QString oneLine(const QString& s);

/// A short quotation of a name for messages: control characters shown as escapes, long
/// names cut, so a hostile name cannot forge lines of a message.
QString quotedForMessage(const QString& name);

} // namespace names
} // namespace cds
