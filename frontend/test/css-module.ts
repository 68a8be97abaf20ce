// The unit tests' stand-in for a CSS module (jest.config.js maps every *.module.css here).
export default {};
