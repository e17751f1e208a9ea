/* global document, SwaggerUIBundle */
// Served as a file of its own: the Content-Security-Policy allows no inline script.
const root = document.getElementById('swagger-ui');
SwaggerUIBundle({
  url: root.dataset.specUrl,
  domNode: root,
  deepLinking: true,
  // The public validator badge would call validator.swagger.io; the document is validated in tests.
  validatorUrl: null,
});
