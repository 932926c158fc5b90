// Sloppy-mode code (no "use strict"): writes to frozen objects are ignored, not thrown.
exports.write = function (obj, key, value) {
  obj[key] = value;
  return obj[key];
};
exports.remove = function (obj, key) {
  return delete obj[key];
};
