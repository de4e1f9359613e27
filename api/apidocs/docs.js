// The API docs page: Swagger UI (vendored, see scripts/vendor_swagger_ui.py) on this server's
// OpenAPI document. A file, not an inline script, so the page keeps the strict CSP; no validator
// badge (it would call another origin).
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
